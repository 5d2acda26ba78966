// Where a step's time goes in the page: opens the bench's 32768-queue link
// (IDR view) on the production build in dist/ (build it first), presses F10
// (or Shift+F10 with --back) N times under a Chrome trace (CDP Tracing), and
// splits each press, keydown → the stage's data-frame, into the main
// thread's script, style, layout, paint and compositing, the worker's
// busy time, and idle. Also the size of the worker's replies (JSON length,
// a stand-in for what structured clone copies) and the page's DOM nodes.
// A diagnostic, not a bench row: it prints a table and exits.
//
//   npx tsx scripts/bench/page-trace.ts [--presses N] [--back] [--views idr,proc] [--no-trace] [--profile] [--mutations] [--metrics] [--root DIR] [--ifb]
//
// --metrics: no trace; Chromium's own counters (CDP Performance.getMetrics)
// over the presses, per press: the main thread's CPU time (ThreadTime), the
// renderer's (ProcessTime: the worker too) and the durations of script,
// style, layout and tasks. Cheap to collect, so unlike the trace's split
// they barely perturb what they measure, and CPU time hardly moves with load.
// --profile: a CPU profile of the main thread over the presses instead of the
// trace; prints the functions with the most self time (build with
// `npx vite build --minify false` for readable names). --root DIR: serve the
// dist/ of another checkout (built there), to compare two builds in turn.
// --ifb: the rb-tree row's link instead (1000 ifb devices from step 990, proc view).
// --mutations: no trace; the DOM mutations of each press (MutationObserver
// records: attributes, text, nodes added and removed), by the part of the
// page they fall in (the nearest ancestor with a data-testid). Unlike
// times, these counts do not depend on the machine's load.
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { findBrowser } from '../find-browser.mjs';
import { IFB_1000, MSG_32768, MSG_32768_START } from './page';
import { blur, link, newPage, openAt, pressAndTime, probeOf, serve } from './page-driver';
import { parseOptions, type OptionSpec } from '../../src/cli/options';

const OPTIONS = {
  presses: { type: 'string' },
  back: { type: 'boolean' },
  views: { type: 'string' },
  'no-trace': { type: 'boolean' },
  profile: { type: 'boolean' },
  root: { type: 'string' },
  ifb: { type: 'boolean' },
  mutations: { type: 'boolean' },
  metrics: { type: 'boolean' },
} satisfies OptionSpec;

const START = MSG_32768_START;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time, µs */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; functionName?: string; url?: string; lineNumber?: number; frame?: string } };
}

/** what each trace event name counts as (the outermost of nested ones wins) */
const KIND: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  'V8.GCFinalizeMC': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'composite',
  Commit: 'composite',
  UpdateLayer: 'composite',
  CompositeLayers: 'composite',
  HitTest: 'other',
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)]!;

async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.invalidationTracking',
        'v8',
        'toplevel',
        '__metadata',
        ...(process.env.IPCSCOPE_TRACE_CATS ?? '').split(',').filter((c) => c !== ''),
      ],
      excludedCategories: ['*'],
    },
  });
  await run();
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/**
 * Main-thread and worker time inside [from, to] (µs). Each kind counts its
 * events' own time, without what nests inside them and is of another kind
 * (a layout forced by a script is layout, not script); time in events of
 * no kind counts to the kind around them. Script is also split by the
 * outermost script event (what started it).
 */
function split(events: TraceEvent[], main: { pid: number; tid: number }, worker: { pid: number; tid: number } | null, from: number, to: number) {
  const by: Record<string, number> = {};
  let outerEnd = -1;
  let tasks = 0;
  let workerBusy = 0;
  let tasksCpu = 0;
  let workerCpu = 0;
  let longest = 0;
  const scripts: Record<string, number> = {};
  const clipOf = (s: number, e: number) => Math.max(0, Math.min(to, e) - Math.max(from, s));
  const sorted = events.filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts + e.dur >= from && e.ts <= to).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  /** the open main-thread events: their end, kind (inherited when they have none) and where the time up to now was counted */
  const stack: { end: number; kind: string; script: string | null }[] = [];
  let cursor = from;
  /** counts the time from `cursor` to `upTo` to the innermost open event */
  const advance = (upTo: number) => {
    const top = stack[stack.length - 1];
    const us = clipOf(cursor, upTo);
    if (top !== undefined && us > 0) {
      by[top.kind] = (by[top.kind] ?? 0) + us;
      if (top.kind === 'script' && top.script !== null) scripts[top.script] = (scripts[top.script] ?? 0) + us;
    }
    cursor = Math.max(cursor, upTo);
  };
  for (const e of sorted) {
    if (e.pid === main.pid && e.tid === main.tid) {
      while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) {
        advance(stack[stack.length - 1]!.end);
        stack.pop();
      }
      advance(e.ts);
      if (e.name === 'RunTask' && e.ts >= outerEnd) {
        tasks += clipOf(e.ts, e.ts + e.dur!);
        // thread time, in the share of the task inside the window
        if (e.tdur !== undefined && e.dur! > 0) tasksCpu += (e.tdur * clipOf(e.ts, e.ts + e.dur!)) / e.dur!;
        longest = Math.max(longest, e.dur!);
        outerEnd = e.ts + e.dur!;
      }
      const outer = stack[stack.length - 1];
      const kind = KIND[e.name] ?? outer?.kind ?? 'other';
      let script = outer?.script ?? null;
      if (kind === 'script' && script === null) {
        const d = e.args?.data ?? {};
        script = `${e.name} ${d.type ?? ''} ${d.functionName ?? ''} ${(d.url ?? '').split('/').pop()}:${d.lineNumber ?? ''}`;
      }
      stack.push({ end: e.ts + e.dur!, kind, script });
    } else if (worker !== null && e.pid === worker.pid && e.tid === worker.tid && e.name === 'RunTask') {
      workerBusy += clipOf(e.ts, e.ts + e.dur!);
      if (e.tdur !== undefined && e.dur! > 0) workerCpu += (e.tdur * clipOf(e.ts, e.ts + e.dur!)) / e.dur!;
    }
  }
  while (stack.length > 0) {
    advance(stack[stack.length - 1]!.end);
    stack.pop();
  }
  return { by, tasks, tasksCpu, workerBusy, workerCpu, longest, scripts };
}

/**
 * The main thread's CPU time (trace thread time, tdur) of the events that
 * start inside [from, to] (µs), by kind as in split(): each event's own
 * thread time, less that of the events nested in it. Unlike wall time it
 * hardly moves with the machine's load.
 */
/** the main thread's CPU time of kind 'other' by event name, over all windows (µs) */
const otherNames: Record<string, number> = {};

function cpuSplit(events: TraceEvent[], main: { pid: number; tid: number }, from: number, to: number): Record<string, number> {
  const by: Record<string, number> = {};
  const inside = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined && e.tdur !== undefined && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: { end: number; kind: string; self: number; name: string }[] = [];
  const close = () => {
    const top = stack.pop()!;
    by[top.kind] = (by[top.kind] ?? 0) + Math.max(0, top.self);
    if (top.kind === 'other') otherNames[top.name] = (otherNames[top.name] ?? 0) + Math.max(0, top.self);
  };
  for (const e of inside) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) close();
    const outer = stack[stack.length - 1];
    if (outer !== undefined) outer.self -= e.tdur!;
    stack.push({ end: e.ts + e.dur!, kind: KIND[e.name] ?? outer?.kind ?? 'other', self: e.tdur!, name: e.name });
  }
  while (stack.length > 0) close();
  return by;
}

/**
 * The profiler samples by the wall clock, so a sample taken after the thread
 * was descheduled (a loaded machine) counts the whole wait to the function
 * on the stack; counted at most this much (twice the sampling interval), a
 * sample says roughly what ran, not how long the machine was away.
 */
const SAMPLE_US = 200;
const MAX_SAMPLE_US = 2 * SAMPLE_US;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

/**
 * Runs `run` under the V8 CPU profiler of the page's main thread and prints
 * the functions with the most self and total time inside the windows
 * `windows()` gives afterwards (page ms: keydown → frame of each press).
 */
async function profile(cdp: CDPSession, page: Page, run: () => Promise<void>, windows: () => Promise<[number, number][]>): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  const t0 = await page.evaluate(() => performance.now());
  await cdp.send('Profiler.start');
  await run();
  const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number } };
  const win = await windows();
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of p.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const keyOf = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  /** calls `f` with each sample inside a window and its time (µs, capped at MAX_SAMPLE_US) */
  const eachSampleInWindows = (f: (id: number, dt: number) => void) => {
    let t = p.startTime;
    p.samples.forEach((id, i) => {
      const raw = p.timeDeltas[i] ?? 0;
      t += raw;
      const ms = t0 + (t - p.startTime) / 1000;
      if (win.some(([a, b]) => ms >= a && ms <= b)) f(id, Math.min(raw, MAX_SAMPLE_US));
    });
  };
  let inWin = 0;
  eachSampleInWindows((id, dt) => {
    inWin += dt;
    const n = byId.get(id)!;
    self.set(keyOf(n), (self.get(keyOf(n)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const k = keyOf(byId.get(x)!);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  });
  const per = (us: number) => (us / 1000 / Math.max(1, win.length)).toFixed(2).padStart(7);
  console.log(`CPU profile inside keydown → frame: ${(inWin / 1000 / Math.max(1, win.length)).toFixed(1)} ms sampled per press`);
  console.log('  self (ms per press):');
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${per(us)}  ${k}`);
  // the innermost frame of our own code on each sample's stack, by source module (an unminified
  // build names them in `// src/...` comments): which component's update the runtime's work serves
  const modules = new Map<string, { line: number; name: string }[]>();
  const moduleOf = (url: string, line: number): string | null => {
    const file = url.split('/').pop() ?? '';
    if (!/^index-.*\.js$/.test(file)) return null;
    if (!modules.has(file)) {
      let text = '';
      try {
        text = readFileSync(new URL(`../../dist/assets/${file}`, import.meta.url), 'utf8');
      } catch {
        text = '';
      }
      const marks: { line: number; name: string }[] = [];
      text.split('\n').forEach((l, i) => {
        const m = /^\/\/ (src\/\S+|workers\/\S+|node_modules\/\S+)/.exec(l);
        if (m) marks.push({ line: i + 1, name: m[1]!.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, 'npm:$1') });
      });
      modules.set(file, marks);
    }
    let name: string | null = null;
    for (const m of modules.get(file)!) if (m.line <= line) name = m.name;
    return name;
  };
  const byModule = new Map<string, number>();
  /** inside each module: our function and the leaf of the stack */
  const inModule = new Map<string, Map<string, number>>();
  eachSampleInWindows((id, dt) => {
    let mod = keyOf(byId.get(id)!).startsWith('(') ? keyOf(byId.get(id)!).split(' ')[0]! : '(runtime only)';
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
      const f = byId.get(x)!.callFrame;
      const m = moduleOf(f.url, f.lineNumber + 1);
      if (m !== null && !m.startsWith('npm:svelte')) {
        mod = m;
        const detail = `${keyOf(byId.get(x)!)} → ${keyOf(byId.get(id)!)}`;
        if (!inModule.has(m)) inModule.set(m, new Map());
        inModule.get(m)!.set(detail, (inModule.get(m)!.get(detail) ?? 0) + dt);
        break;
      }
    }
    byModule.set(mod, (byModule.get(mod) ?? 0) + dt);
  });
  console.log('  by the innermost module of ours on the stack (ms per press):');
  const modulesByTime = [...byModule].sort((a, b) => b[1] - a[1]);
  for (const [k, us] of modulesByTime.slice(0, 25)) console.log(`  ${per(us)}  ${k}`);
  for (const [k] of modulesByTime.filter(([k]) => inModule.has(k)).slice(0, 4)) {
    console.log(`  in ${k} (our function → the leaf):`);
    for (const [d, us] of [...inModule.get(k)!].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${per(us)}  ${d}`);
  }
  console.log('  total (ms per press):');
  for (const [k, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${per(us)}  ${k}`);
}

/** counts every DOM mutation from now on by kind and the nearest ancestor's data-testid (a string: tsx's __name is not in the page) */
const COUNT_MUTATIONS = `(() => {
  const m = (window.__mutations = {});
  const where = (n) => {
    for (let e = n.nodeType === 1 ? n : n.parentElement; e !== null; e = e.parentElement) { const t = e.getAttribute('data-testid'); if (t !== null) return t; }
    return '(page)';
  };
  new MutationObserver((list) => {
    for (const r of list) {
      const add = (kind, n) => { const k = where(r.target) + ' ' + kind; m[k] = (m[k] ?? 0) + n; };
      if (r.type === 'attributes') add('attr ' + r.attributeName, 1);
      else if (r.type === 'characterData') add('text', 1);
      else { if (r.addedNodes.length) add('added', r.addedNodes.length); if (r.removedNodes.length) add('removed', r.removedNodes.length); }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

async function main() {
  const parsed = parseOptions(process.argv.slice(2), OPTIONS);
  if (!parsed.ok) throw new Error(parsed.message);
  const v = parsed.values;
  const presses = v.presses === undefined ? 60 : Number(v.presses);
  const back = v.back === true;
  const views = (v.views ?? (v.ifb === true ? 'proc' : 'idr')).split(',');
  const found = findBrowser();
  if (found === null) throw new Error('no Chromium');
  const { base, proc } = await serve(v.root);
  const browser = await chromium.launch({ executablePath: found.path, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const ctx = await browser.newContext();
    const errors: string[] = [];
    const page = await newPage(ctx, errors);
    // the replies' sizes, measured on arrival (a listener of our own on every worker)
    await page.addInitScript({
      content: `(() => { const W = window.Worker; const sizes = []; window.__replySizes = sizes;
        window.Worker = class extends W { constructor(...a) { super(...a); this.addEventListener('message', (e) => { try { sizes.push(JSON.stringify(e.data, (k, x) => typeof x === 'bigint' ? String(x) : x).length); } catch { sizes.push(-1); } }); } }; })();`,
    });
    const ifb = v.ifb === true;
    const first = ifb ? 1000 - presses : START;
    const start = back ? first + presses : first;
    const url = link(base, ifb ? IFB_1000 : MSG_32768, start, views);
    const { frame } = await openAt(page, url, start, views[0]!, 120_000);
    if (frame === null) throw new Error('no frame of the view');
    if (process.env.IPCSCOPE_TRACE_CSS !== undefined) await page.addStyleTag({ content: process.env.IPCSCOPE_TRACE_CSS });
    await blur(page);
    await page.waitForTimeout(500);
    await page.evaluate(() => ((window as unknown as { __replySizes: number[] }).__replySizes.length = 0));
    const cdp = await ctx.newCDPSession(page);
    if (v.mutations === true) await page.evaluate(COUNT_MUTATIONS);
    const times: number[] = [];
    const run = async () => {
      for (let i = 1; i <= presses; i++) {
        const step = back ? start - i : start + i;
        if (back) await page.waitForTimeout(150);
        times.push(await pressAndTime(page, back ? 'Shift+F10' : 'F10', 'frame', `^${step}:`, 20_000));
      }
      await page.waitForTimeout(300);
    };
    const plain = v['no-trace'] === true || v.profile === true || v.mutations === true || v.metrics === true;
    const events = plain ? [] : await trace(cdp, run);
    if (v.metrics === true) {
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      const m0 = await metrics();
      await run();
      const m1 = await metrics();
      console.log('Chromium counters per press (ms; CPU: ThreadTime main thread, ProcessTime the renderer with its workers):');
      for (const k of ['ThreadTime', 'ProcessTime', 'TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskOtherDuration'])
        console.log(`  ${k.padEnd(22)} ${((((m1[k] ?? 0) - (m0[k] ?? 0)) * 1000) / presses).toFixed(2).padStart(8)}`);
      console.log(`  ${'LayoutCount'.padEnd(22)} ${(((m1.LayoutCount ?? 0) - (m0.LayoutCount ?? 0)) / presses).toFixed(2).padStart(8)}`);
      console.log(`  ${'RecalcStyleCount'.padEnd(22)} ${(((m1.RecalcStyleCount ?? 0) - (m0.RecalcStyleCount ?? 0)) / presses).toFixed(2).padStart(8)}`);
    }
    if (v.profile === true)
      await profile(cdp, page, run, async () => {
        const b = await probeOf(page);
        const keys = b.keys.filter((k) => k.key === 'F10').slice(-presses);
        return keys.map((k, i) => [k.t, k.t + (times[i] ?? 0)] as [number, number]);
      });
    else if (plain && v.metrics !== true) await run();
    const sizes = await page.evaluate(() => (window as unknown as { __replySizes: number[] }).__replySizes);
    const dom = await page.evaluate(() => ({
      all: document.querySelectorAll('*').length,
      stage: document.querySelectorAll('[data-testid="stage"] *').length,
      svg: document.querySelectorAll('[data-testid="stage"] svg *').length,
    }));
    console.log(`${presses} ${back ? 'Shift+F10' : 'F10'} presses from step ${start}, views ${views.join(',')}`);
    console.log(`keydown → data-frame: median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
    const big = sizes.filter((s) => s > 1000);
    console.log(`worker messages: ${sizes.length}; > 1 KB: ${big.length}, median ${median(big).toFixed(0)} chars, max ${Math.max(0, ...big)} chars (JSON)`);
    console.log(`DOM: ${dom.all} elements, ${dom.stage} in the stage, ${dom.svg} inside its svgs`);
    if (v.mutations === true) {
      const m = await page.evaluate(() => (window as unknown as { __mutations: Record<string, number> }).__mutations);
      console.log('DOM mutations per press, by the nearest data-testid (kind: attributes / characterData / nodes added / nodes removed):');
      for (const [k, n] of Object.entries(m)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40))
        console.log(`  ${(n / presses).toFixed(1).padStart(8)}  ${k}`);
    }
    if (events.length === 0) return;
    const threadName = new Map<string, string>();
    for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts);
    if (keydowns.length === 0) throw new Error('no keydown in the trace');
    const main = { pid: keydowns[0]!.pid, tid: keydowns[0]!.tid };
    let worker: { pid: number; tid: number } | null = null;
    for (const [key, name] of threadName) {
      if (!name.startsWith('DedicatedWorker')) continue;
      const [pid, tid] = key.split(':').map(Number) as [number, number];
      if (pid === main.pid) worker = { pid, tid };
    }
    const rows: Record<string, number[]> = {};
    const add = (k: string, us: number) => (rows[k] ??= []).push(us / 1000);
    const scriptTotals: Record<string, number> = {};
    keydowns.forEach((kd, i) => {
      const to = kd.ts + (times[i] ?? 0) * 1000;
      const s = split(events, main, worker, kd.ts, to);
      for (const [w, us] of Object.entries(s.scripts)) scriptTotals[w] = (scriptTotals[w] ?? 0) + us;
      for (const k of ['script', 'gc', 'style', 'layout', 'paint', 'composite', 'other']) add(k, s.by[k] ?? 0);
      const cpu = cpuSplit(events, main, kd.ts, to);
      for (const k of ['script', 'gc', 'style', 'layout', 'paint', 'composite', 'other']) add(`${k}, CPU`, cpu[k] ?? 0);
      add('main tasks', s.tasks);
      add('main tasks, CPU (tdur)', s.tasksCpu);
      add('worker busy', s.workerBusy);
      add('worker busy, CPU (tdur)', s.workerCpu);
      add('longest main task (whole)', s.longest);
      add('keydown → frame', to - kd.ts);
      // the worker's reply: the first message handled on the main thread after the keydown
      const reply = events.find((e) => e.name === 'HandlePostMessage' && e.pid === main.pid && e.tid === main.tid && e.ts > kd.ts && e.ts < to);
      if (reply !== undefined) {
        add('keydown → reply arrives', reply.ts - kd.ts);
        add('reply handled (task)', reply.dur ?? 0);
        add('reply handled → frame', to - reply.ts - (reply.dur ?? 0));
      }
    });
    console.log('per press (ms): median / p95 / mean');
    for (const [k, xs] of Object.entries(rows)) {
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      console.log(`  ${k.padEnd(28)} ${median(xs).toFixed(1).padStart(7)} ${p95(xs).toFixed(1).padStart(7)} ${mean.toFixed(1).padStart(7)}`);
    }
    // what the layouts inside the windows laid out (Chromium's beginData: objects dirty / in the tree)
    const layouts = events.filter((e) => e.name === 'Layout' && e.ph === 'X' && keydowns.some((kd, i) => e.ts >= kd.ts && e.ts <= kd.ts + (times[i] ?? 0) * 1000));
    const ld = layouts.map((e) => (e.args as { beginData?: { dirtyObjects?: number; totalObjects?: number; partialLayout?: boolean } } | undefined)?.beginData ?? {});
    console.log(
      `layouts inside the windows: ${layouts.length}, median ${median(layouts.map((e) => e.dur! / 1000)).toFixed(1)} ms; dirty/total objects median ${median(ld.map((d) => d.dirtyObjects ?? 0))}/${median(ld.map((d) => d.totalObjects ?? 0))}`,
    );
    const styles = events.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X' && keydowns.some((kd, i) => e.ts >= kd.ts && e.ts <= kd.ts + (times[i] ?? 0) * 1000));
    const sd = styles.map((e) => (e.args as { elementCount?: number } | undefined)?.elementCount ?? 0);
    console.log(`style recalcs inside the windows: ${styles.length}, elements median ${median(sd)}, max ${Math.max(0, ...sd)}`);
    if (process.env.IPCSCOPE_TRACE_DUMP !== undefined) {
      // the main thread's events over 0.3 ms in the last window, nested by time
      const kd = keydowns[keydowns.length - 1]!;
      const end = kd.ts + (times[keydowns.length - 1] ?? 0) * 1000;
      const inside = events
        .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.ts >= kd.ts - 1000 && e.ts <= end && (e.dur ?? 0) > Number(process.env.IPCSCOPE_TRACE_DUMP_US ?? 300))
        .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
      const open: number[] = [];
      for (const e of inside) {
        while (open.length > 0 && open[open.length - 1]! <= e.ts) open.pop();
        console.log(
          `${((e.ts - kd.ts) / 1000).toFixed(1).padStart(7)} ${'  '.repeat(open.length)}${e.name} ${(e.dur! / 1000).toFixed(1)} ms (CPU ${((e.tdur ?? 0) / 1000).toFixed(1)}) ${JSON.stringify(e.args?.data ?? {}).slice(0, 100)}`,
        );
        open.push(e.ts + e.dur!);
      }
    }
    // what set layout and style dirty inside the windows (invalidation tracking): node and reason
    const inv: Record<string, number> = {};
    for (const e of events) {
      if (e.name !== 'LayoutInvalidationTracking' && e.name !== 'StyleRecalcInvalidationTracking' && e.name !== 'ScheduleStyleInvalidationTracking') continue;
      if (!keydowns.some((kd, i) => e.ts >= kd.ts && e.ts <= kd.ts + (times[i] ?? 0) * 1000)) continue;
      const d = (e.args?.data ?? {}) as { nodeName?: string; reason?: string; invalidationSet?: string; changedClass?: string; changedAttribute?: string };
      const k = `${e.name.replace('InvalidationTracking', '')} ${d.reason ?? d.changedAttribute ?? d.changedClass ?? ''} ${d.nodeName ?? ''}`;
      inv[k] = (inv[k] ?? 0) + 1;
    }
    console.log('invalidations inside the windows (per press):');
    for (const [k, n] of Object.entries(inv)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25))
      console.log(`  ${(n / keydowns.length).toFixed(1).padStart(6)}  ${k}`);
    console.log("CPU time of kind 'other', by trace event (mean ms per press):");
    for (const [w, us] of Object.entries(otherNames)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10))
      console.log(`  ${(us / 1000 / keydowns.length).toFixed(1).padStart(7)}  ${w}`);
    console.log('script inside keydown → frame, by outermost trace event (mean ms per press):');
    for (const [w, us] of Object.entries(scriptTotals)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15))
      console.log(`  ${(us / 1000 / keydowns.length).toFixed(1).padStart(7)}  ${w}`);
    if (errors.length > 0) console.log(`page errors: ${errors.slice(0, 3).join(' | ')}`);
  } finally {
    await browser.close();
    proc.kill();
  }
}

await main();
