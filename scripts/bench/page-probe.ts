// What the bench installs in the page before any of its scripts run
// (page.addInitScript): it records, with performance.now() times (ms since
// navigation start), every key press, every long task, every change of the
// stage's rendered frame and of the step counter, and, while asked to,
// every animation frame. Serialised into the page, so it uses nothing from
// outside its own body.

export interface Change {
  kind: 'frame' | 'count';
  /** data-frame ("STEP:SUB") or the step counter's text */
  value: string;
  t: number;
}

export interface BenchProbe {
  keys: { key: string; t: number }[];
  changes: Change[];
  longtasks: { start: number; duration: number }[];
  rafs: number[];
  counting: boolean;
}

export function installProbe(): void {
  const probe: BenchProbe = { keys: [], changes: [], longtasks: [], rafs: [], counting: false };
  (window as unknown as { __bench: BenchProbe }).__bench = probe;
  window.addEventListener('keydown', (e: KeyboardEvent) => probe.keys.push({ key: e.key, t: e.timeStamp }), { capture: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: the long-task row says so
  }
  let frame: string | null = null;
  let count: string | null = null;
  const check = () => {
    const t = performance.now();
    const f = document.querySelector('[data-testid="stage"]')?.getAttribute('data-frame') ?? null;
    if (f !== null && f !== frame) probe.changes.push({ kind: 'frame', value: f, t });
    frame = f;
    const c = document.querySelector('[data-testid="step-count"]')?.textContent?.trim() ?? null;
    if (c !== null && c !== count) probe.changes.push({ kind: 'count', value: c, t });
    count = c;
  };
  // only data-frame among attributes: an animating view's transforms are not recorded
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-frame'] });
  const loop = (t: number) => {
    if (probe.counting) probe.rafs.push(t);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}

/** The step and total a step counter's text shows ("step 1,000 / 2,000+" → [1000, 2000, false]). */
export function parseCount(text: string): [step: number, total: number, finished: boolean] | null {
  const m = /step ([\d,]+) \/ ([\d,]+)(\+?)/.exec(text);
  return m === null ? null : [Number(m[1]!.replace(/,/g, '')), Number(m[2]!.replace(/,/g, '')), m[3] !== '+'];
}
