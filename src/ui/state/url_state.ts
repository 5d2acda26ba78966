/**
 * The playground state a link carries: `#s=` + lz-string of its JSON.
 *
 * Versioned: `v` says which shape the JSON has. A link of an older version
 * goes through MIGRATIONS in order, each taking one version to the next,
 * up to URL_STATE_VERSION; a newer or unknown version is refused, as is
 * anything damaged, too large or of the wrong shape. Nothing of a link is
 * trusted: every field is checked before the page uses it, and it is only
 * ever shown as text.
 *
 * The view options (the playground's, and each compare pane's), the charts
 * page's choices and the multi-CPU run's settings are optional fields of
 * version 2 (not a version 3): an old version-2 link simply lacks them, and
 * an older ipcscope opening a newer link ignores them instead of refusing
 * the whole link. Unlike the fields a link cannot open without, a bad view
 * option, charts state or multi-CPU setting does not refuse the link: it is
 * dropped, and `dropped` says what, for the page's banner.
 *
 * Version 3 adds the position inside the operation (`event`), which a link
 * cannot be read without once it has one: a version-2 reader would reopen
 * at the operation's end, so it refuses the version instead.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import type { KernelChoice } from '../../engine/kernel_choice';
import type { ViewId, ViewOptions } from '../../engine/view/types';
import type { SweepForm } from '../charts/sweep_form';
import { constantsValid, MAX_CONSTANTS_CHARS } from '../smp/constants_field';
import { decompressUriBounded } from './lz_uri';

export const URL_STATE_VERSION = 3;
/** the largest state a link may carry once decompressed (characters of JSON) */
export const MAX_DECODED_CHARS = 200 * 1024;
export const MAX_VIEWS = 32;
export const MAX_STEP = 1_000_000_000;
export const MAX_SWITCHES = 32;
/** the largest node id a view may be zoomed to (ids are ints) */
export const MAX_FOCUS = 2 ** 31 - 1;
/** the longest /proc directory name a link may carry */
export const MAX_DIR_CHARS = 256;
/** the longest text of one charts form field */
export const MAX_FORM_CHARS = 1000;

/** Every view id, as a record so that the compiler insists on each one. */
const VIEW_ID_SET: Record<ViewId, true> = { idr: true, maxidx: true, proc: true, percpu: true, seqfile: true, keyht: true, sem: true, shm: true };
const IPC_TYPES: readonly string[] = ['msg', 'shm', 'sem'];
const FORM_FIELDS = ['variable', 'values', 'kernels', 'sets', 'constants'] as const satisfies readonly (keyof SweepForm)[];

export type ViewOptionsMap = Partial<Record<ViewId, ViewOptions>>;

/** The charts page's choices: the scenario ('' = the editor's workload), the full range box and the form's fields. */
export interface ChartsState {
  file: string;
  full: boolean;
  form: SweepForm;
}

/** A multi-CPU run's settings: the preset run after the page's kernel ('' for none) and the machine constants field ('' for none). */
export interface SmpState {
  compareWith: string;
  /** `NAME=VALUE` overrides separated by spaces or commas (smp/constants_field.ts) */
  constants: string;
}

/** which page the link opens: the playground, two kernels side by side, or the sweep charts */
export type PageMode = 'play' | 'compare' | 'charts';
export const PAGE_MODES: readonly PageMode[] = ['play', 'compare', 'charts'];

/** Compare mode: the same workload on two kernels, both panes at `step`. */
export interface CompareState {
  left: KernelChoice;
  right: KernelChoice;
  step: number;
  /** the open views of each pane */
  views: [string[], string[]];
  /** each pane's view options, as UrlState.viewOptions (checked and dropped the same way); absent = none */
  viewOptions?: [ViewOptionsMap, ViewOptionsMap];
}

export interface UrlState {
  v: 3;
  workload: string;
  /** operations executed (the playground's) */
  step: number;
  /** the events of operation `step` that have happened (step into); null: the whole operation, its end */
  event: number | null;
  /** the open views, by id */
  views: string[];
  /** switch values are value names (`sysvipc_find_ipc: 'count'`, `ipcmni_extend: 'on'`) */
  kernel: KernelChoice;
  mode: PageMode;
  /** null until compare mode was opened */
  compare: CompareState | null;
  /** each view's options (which ipc, /proc directory, zoom); absent = none */
  viewOptions?: ViewOptionsMap;
  /** the charts page's choices; absent = its defaults */
  charts?: ChartsState;
  /** the multi-CPU run's settings; absent = none */
  smp?: SmpState;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Takes the JSON of version `from` to version `from + 1`. */
export interface Migration {
  from: number;
  up(old: Record<string, unknown>): Record<string, unknown>;
}

const onOff = (switches: unknown): unknown => {
  if (!isRecord(switches)) return switches;
  return Object.fromEntries(Object.entries(switches).map(([k, b]) => [k, typeof b === 'boolean' ? (b ? 'on' : 'off') : b]));
};

/**
 * In order, each taking one version to the next. They see unchecked JSON:
 * they carry what they do not understand over unchanged, for the final
 * validation to refuse.
 * - 1 → 2: on/off switches as value names instead of booleans; the page
 *   mode and compare state added (a version-1 link opened the playground).
 * - 2 → 3: the event inside the operation; a version-2 link is at its end.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    up: (old) => {
      const kernel = isRecord(old.kernel) && old.kernel.switches !== undefined ? { ...old.kernel, switches: onOff(old.kernel.switches) } : old.kernel;
      return { ...old, v: 2, kernel, mode: 'play', compare: null };
    },
  },
  { from: 2, up: (old) => ({ ...old, v: 3, event: null }) },
];

export type LinkProblem = 'corrupted' | 'truncated' | 'oversized' | 'unknown_version' | 'invalid';

/** `dropped`: what of the link was left out (bad view options or charts state), when something was */
export type Decoded = { ok: true; state: UrlState; dropped?: string[] } | { ok: false; problem: LinkProblem; message: string };

export function encodeState(state: UrlState): string {
  return compressToEncodedURIComponent(JSON.stringify(state));
}

/** The hash of a link to `state`: `#s=...`. */
export function hashForState(state: UrlState): string {
  return '#s=' + encodeState(state);
}

/**
 * The hash of a link to `state`, or null when its JSON is larger than
 * MAX_DECODED_CHARS: decodeState would refuse that link as oversized, so
 * the page neither copies nor keeps one in the address bar.
 */
export function linkHashFor(state: UrlState): string | null {
  const json = JSON.stringify(state);
  return json.length > MAX_DECODED_CHARS ? null : '#s=' + compressToEncodedURIComponent(json);
}

/** The encoded state in a location hash, or null when the hash holds none. */
export function encodedFromHash(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of body.split('&')) if (part.startsWith('s=')) return part.slice(2);
  return null;
}

/** The view options worth a link: unset fields and empty options left out (null: none at all). */
export function linkedOptions(options: ViewOptionsMap): ViewOptionsMap | null {
  const out: ViewOptionsMap = {};
  for (const [id, o] of Object.entries(options) as [keyof ViewOptionsMap, ViewOptionsMap[keyof ViewOptionsMap]][]) {
    if (o === undefined) continue;
    const kept = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
    if (Object.keys(kept).length > 0) out[id] = kept;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Compare mode's state as a link opening `mode` carries it: each pane's
 * options as linkedOptions leaves them, none at all when both panes have
 * none. They travel in compare mode only, as the charts choices do in
 * charts mode: a charts link with both would pass 2,000 characters for the
 * longer seeds (the tests of links to the seed scenarios).
 */
export function linkedCompare(compare: CompareState | null, mode: PageMode): CompareState | null {
  if (compare === null || compare.viewOptions === undefined) return compare;
  const {
    viewOptions: [l, r],
    ...rest
  } = compare;
  const left = linkedOptions(l);
  const right = linkedOptions(r);
  return mode !== 'compare' || (left === null && right === null) ? rest : { ...rest, viewOptions: [left ?? {}, right ?? {}] };
}

const fail = (problem: LinkProblem, message: string): Decoded => ({ ok: false, problem, message });

export function decodeState(encoded: string, migrations: readonly Migration[] = MIGRATIONS): Decoded {
  const inflated = decompressUriBounded(encoded, MAX_DECODED_CHARS);
  if (!inflated.ok) {
    switch (inflated.reason) {
      case 'oversized':
        return fail('oversized', `The link holds more than ${MAX_DECODED_CHARS / 1024} KB of state, more than a link may carry.`);
      case 'truncated':
        return fail('truncated', 'The link is cut short: part of it is missing (was it copied whole?).');
      case 'corrupted':
        return fail('corrupted', 'The link is damaged: its state cannot be decompressed.');
    }
  }
  let raw: unknown;
  try {
    raw = JSON.parse(inflated.text);
  } catch {
    return fail('corrupted', 'The link is damaged: its state is not valid JSON.');
  }
  if (!isRecord(raw) || typeof raw.v !== 'number' || !Number.isInteger(raw.v)) {
    return fail('invalid', 'The link does not hold a playground state (no version).');
  }
  let state = raw;
  while (state.v !== URL_STATE_VERSION) {
    const v = state.v as number;
    const step = v < URL_STATE_VERSION ? migrations.find((m) => m.from === v) : undefined;
    if (step === undefined) {
      return fail('unknown_version', `The link has state version ${v}; this ipcscope reads versions up to ${URL_STATE_VERSION}.`);
    }
    state = step.up(state);
  }
  return validateV3(state);
}

type Checked<T> = { ok: true; value: T } | { ok: false; what: string };

function checkViews(views: unknown): Checked<string[]> {
  if (views === undefined) return { ok: true, value: [] };
  if (!Array.isArray(views) || views.length > MAX_VIEWS || !views.every((v) => typeof v === 'string' && v.length <= 64)) {
    return { ok: false, what: 'the views are not a short list of names' };
  }
  return { ok: true, value: [...(views as string[])] };
}

function checkStep(step: unknown): step is number {
  return typeof step === 'number' && Number.isInteger(step) && step >= 0 && step <= MAX_STEP;
}

/** The shape of a kernel choice; whether its names exist is for the page to judge (kernel/choice.ts). */
function checkKernel(kernel: unknown): Checked<KernelChoice> {
  if (kernel === undefined) return { ok: true, value: {} };
  if (!isRecord(kernel)) return { ok: false, what: 'the kernel choice is not an object' };
  const out: KernelChoice = {};
  if (kernel.preset !== undefined) {
    if (typeof kernel.preset !== 'string' || kernel.preset.length > 64) return { ok: false, what: 'the kernel preset is not a name' };
    out.preset = kernel.preset;
  }
  if (kernel.switches !== undefined) {
    const sw = kernel.switches;
    if (!isRecord(sw) || Object.keys(sw).length > MAX_SWITCHES) return { ok: false, what: 'the kernel switches are not a short list' };
    const entries = Object.entries(sw);
    if (!entries.every(([k, v]) => k.length <= 64 && typeof v === 'string' && v.length <= 64)) {
      return { ok: false, what: 'the kernel switches are not names with values' };
    }
    out.switches = Object.fromEntries(entries as [string, string][]);
  }
  return { ok: true, value: out };
}

/** `dropped` gets what of the panes' view options was left out; the rest of the compare state is needed. */
function checkCompare(c: unknown, dropped: string[]): Checked<CompareState | null> {
  if (c === undefined || c === null) return { ok: true, value: null };
  const bad = { ok: false as const, what: 'the compare state is not two kernels and a step' };
  if (!isRecord(c) || !checkStep(c.step ?? 0)) return bad;
  const left = checkKernel(c.left);
  const right = checkKernel(c.right);
  if (!left.ok) return left;
  if (!right.ok) return right;
  const views = c.views ?? [[], []];
  if (!Array.isArray(views) || views.length !== 2) return bad;
  const lv = checkViews(views[0]);
  const rv = checkViews(views[1]);
  if (!lv.ok) return lv;
  if (!rv.ok) return rv;
  const value: CompareState = { left: left.value, right: right.value, step: (c.step ?? 0) as number, views: [lv.value, rv.value] };
  const viewOptions = checkPaneOptions(c.viewOptions, dropped);
  if (viewOptions !== undefined) value.viewOptions = viewOptions;
  return { ok: true, value };
}

function validateV3(s: Record<string, unknown>): Decoded {
  const bad = (what: string) => fail('invalid', `The link's state is malformed: ${what}.`);
  if (typeof s.workload !== 'string') return bad('the workload is not text');
  if (!checkStep(s.step)) return bad(`the step is not a whole number from 0 to ${MAX_STEP}`);
  if (s.event !== null && !checkStep(s.event)) return bad(`the event is neither null nor a whole number from 0 to ${MAX_STEP}`);
  const views = checkViews(s.views);
  if (!views.ok) return bad(views.what);
  const kernel = checkKernel(s.kernel);
  if (!kernel.ok) return bad(kernel.what);
  const mode = s.mode ?? 'play';
  if (!PAGE_MODES.includes(mode as PageMode)) return bad('the page mode is unknown');
  const dropped: string[] = [];
  const compare = checkCompare(s.compare, dropped);
  if (!compare.ok) return bad(compare.what);
  const state: UrlState = { v: 3, workload: s.workload, step: s.step, event: s.event, views: views.value, kernel: kernel.value, mode: mode as PageMode, compare: compare.value };
  const viewOptions = checkViewOptions(s.viewOptions, dropped);
  if (viewOptions !== undefined) state.viewOptions = viewOptions;
  const charts = checkCharts(s.charts, dropped);
  if (charts !== undefined) state.charts = charts;
  const smp = checkSmp(s.smp, dropped);
  if (smp !== undefined) state.smp = smp;
  return dropped.length === 0 ? { ok: true, state } : { ok: true, state, dropped };
}

/** A name from a link, short and quoted, for a message shown as text. */
const quote = (name: string) => JSON.stringify(name.length > 32 ? name.slice(0, 32) + '…' : name);

function checkOptions(id: string, o: unknown, dropped: string[]): ViewOptions | undefined {
  if (!isRecord(o)) {
    dropped.push(`the ${id} view's options (not an object)`);
    return undefined;
  }
  const out: ViewOptions = {};
  for (const [key, v] of Object.entries(o)) {
    if (key === 'ipc' && typeof v === 'string' && IPC_TYPES.includes(v)) out.ipc = v as ViewOptions['ipc'];
    else if (key === 'dir' && typeof v === 'string' && v.length <= MAX_DIR_CHARS && !/[\u0000-\u001f]/.test(v)) out.dir = v;
    else if (key === 'focus' && typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_FOCUS) out.focus = v;
    else if (key === 'ipc' || key === 'dir' || key === 'focus') dropped.push(`the ${id} view's ${key} ${typeof v === 'string' ? quote(v) : 'value'}`);
    else dropped.push(`the ${id} view's unknown option ${quote(key)}`);
  }
  return out;
}

function checkViewOptions(raw: unknown, dropped: string[]): ViewOptionsMap | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw) || Object.keys(raw).length > MAX_VIEWS) {
    dropped.push('the view options (not a short list of views)');
    return undefined;
  }
  const out: ViewOptionsMap = {};
  for (const [id, o] of Object.entries(raw)) {
    if (!Object.hasOwn(VIEW_ID_SET, id)) {
      dropped.push(`the options of an unknown view ${quote(id)}`);
      continue;
    }
    const options = checkOptions(id, o, dropped);
    if (options !== undefined) out[id as ViewId] = options;
  }
  return out;
}

const PANES = ['left', 'right'] as const;

/** Compare mode's view options: one map per pane, each checked as the playground's; what is dropped says which pane. */
function checkPaneOptions(raw: unknown, dropped: string[]): [ViewOptionsMap, ViewOptionsMap] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length !== 2) {
    dropped.push("compare mode's view options (not one list per pane)");
    return undefined;
  }
  const [left, right] = PANES.map((side, i) => {
    const own: string[] = [];
    const options = checkViewOptions(raw[i], own);
    dropped.push(...own.map((what) => `${what} in the ${side} compare pane`));
    return options ?? {};
  });
  return [left!, right!];
}

function checkCharts(raw: unknown, dropped: string[]): ChartsState | undefined {
  if (raw === undefined) return undefined;
  const form = isRecord(raw) ? raw.form : undefined;
  const ok =
    isRecord(raw) &&
    typeof raw.file === 'string' &&
    raw.file.length <= 128 &&
    (raw.full === undefined || typeof raw.full === 'boolean') &&
    isRecord(form) &&
    FORM_FIELDS.every((f) => typeof form[f] === 'string' && form[f].length <= MAX_FORM_CHARS);
  if (!ok) {
    dropped.push('the charts page state (not a scenario and a form)');
    return undefined;
  }
  const f = form as Record<(typeof FORM_FIELDS)[number], string>;
  return {
    file: raw.file as string,
    full: raw.full === true,
    form: { variable: f.variable, values: f.values, kernels: f.kernels, sets: f.sets, constants: f.constants },
  };
}

function checkSmp(raw: unknown, dropped: string[]): SmpState | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw) || typeof raw.compareWith !== 'string' || raw.compareWith.length > 64 || typeof raw.constants !== 'string' || raw.constants.length > MAX_CONSTANTS_CHARS) {
    dropped.push('the multi-CPU run settings (not a kernel and machine constants)');
    return undefined;
  }
  // whether the preset exists is for the page to judge, as with the kernel choice
  if (!constantsValid(raw.constants)) {
    dropped.push(`the multi-CPU run settings (the machine constants ${quote(raw.constants)} are not NAME=VALUE overrides this ipcscope knows)`);
    return undefined;
  }
  return { compareWith: raw.compareWith, constants: raw.constants };
}
