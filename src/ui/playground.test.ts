import { describe, expect, test } from 'vitest';
import { createSessionHost } from '../session/host';
import type { EngineClient, Reply, Target } from './engine-client';
import { Playground } from './playground.svelte';
import { CompareSession } from './compare/compare.svelte';

// The playground against a fake worker: the real session host in this
// process, whose replies the test holds and lets go in the order it wants
// (the worker's reply late, a press in between).

const TEN = 'repeat 10 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n';
const FOUR = 'repeat 4 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n';

interface Fake {
  client: EngineClient;
  /** the requests asked so far, in order */
  asked: string[];
  /** the steps of the shown() calls */
  shownSteps: number[];
  /** shown() calls made while an open or a navigate had not answered yet */
  shownDuringRequest: number[];
  /** from now on, replies wait until release() */
  hold(): void;
  /** lets the held replies go, oldest first, and stops holding */
  release(): void;
}

function fakeWorker(): Fake {
  const host = createSessionHost({ aheadMaxMs: Number.POSITIVE_INFINITY });
  const asked: string[] = [];
  const shownSteps: number[] = [];
  const shownDuringRequest: number[] = [];
  let holding = false;
  let held: (() => void)[] = [];
  let open = 0;
  const answer = async (what: string, made: Promise<Reply>): Promise<Reply> => {
    asked.push(what);
    open++;
    try {
      const r = await made;
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      return r;
    } finally {
      open--;
    }
  };
  const unused = () => {
    throw new Error('not used by these tests');
  };
  const client: EngineClient = {
    call: unused,
    restart: unused,
    engineInfo: unused,
    openWorkload: (text: string, kernel, target: Target) => answer(`open ${text.split(' ')[1]} ${JSON.stringify(target)}`, host.open(text, kernel, target)),
    navigate: (target: Target) => answer(`navigate ${JSON.stringify(target)}`, host.navigate(target)),
    ahead: (step) => host.ahead(step),
    shown: (step) => {
      shownSteps.push(step);
      if (open > 0) shownDuringRequest.push(step);
      host.shown(step);
    },
    setViews: (req) => Promise.resolve(host.setViews(req)),
    onProgress: () => {},
    cancelRun: () => {
      host.cancel();
      return Promise.resolve('cancelled' as const);
    },
    runSmp: unused,
    cancelSmp: unused,
  };
  return {
    client,
    asked,
    shownSteps,
    shownDuringRequest,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      const h = held;
      held = [];
      for (const go of h) go();
    },
  };
}

/** a promise and the function that resolves it (a fetch the test answers) */
function later<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Presses what `press` presses while the replies of both workers are held, then lets them go; resolves when every press is done. */
async function bothHeld(left: Fake, right: Fake, press: () => Promise<void>[]): Promise<void> {
  left.hold();
  right.hold();
  const pressed = press();
  await idle();
  left.release();
  right.release();
  await Promise.all(pressed);
}

/** a few turns of the timers: the host's idle work, the page's request for the next reply ahead */
const idle = () => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 5), 5));

describe('a text on its way (Playground.arrive)', () => {
  /** FOUR in the editor, a text on its way, and Run pressed */
  const runBeforeItComes = () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    const fetch = later<string>();
    const arrived = pg.arrive(fetch.promise, (t) => pg.load(t));
    return { w, pg, fetch, arrived, run: pg.run() };
  };

  test('Run pressed before it comes runs it, not the text before it', async () => {
    const { w, pg, fetch, arrived, run } = runBeforeItComes();
    await idle();
    expect(w.asked).toEqual([]);
    fetch.resolve(TEN);
    await run;
    expect(await arrived).toBe(true);
    expect(w.asked).toEqual(['open 10 {"kind":"end"}']);
    expect(pg.stale).toBe(false);
    expect([pg.step, pg.live?.total]).toEqual([10, 10]);
  });

  test('a request waits for the later of two, and the earlier is dropped even when it answers last', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load('');
    const first = later<string>();
    const second = later<string>();
    const a = pg.arrive(first.promise, (t) => pg.load(t));
    const b = pg.arrive(second.promise, (t) => pg.load(t));
    const run = pg.run();
    second.resolve(FOUR);
    await run;
    first.resolve(TEN);
    expect([await a, await b]).toEqual([false, true]);
    expect(pg.text).toBe(FOUR);
    expect([pg.stale, pg.step]).toEqual([false, 4]);
  });

  test('a text loaded meanwhile (a link) wins over the one on its way', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    const fetch = later<string>();
    const arrived = pg.arrive(fetch.promise, (t) => pg.load(t));
    pg.load(FOUR);
    await pg.run();
    fetch.resolve(TEN);
    expect(await arrived).toBe(false);
    expect([pg.text, pg.stale, pg.step]).toEqual([FOUR, false, 4]);
  });

  test('a fetch that fails lets the request go on with the text there is', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    const fetch = later<string>();
    const arrived = pg.arrive(
      fetch.promise.then(() => Promise.reject(new Error('HTTP 404'))),
      () => expect.unreachable('nothing came'),
    );
    const run = pg.run();
    fetch.resolve('');
    await expect(arrived).rejects.toThrow('HTTP 404');
    await run;
    expect([pg.stale, pg.step]).toEqual([false, 4]);
  });

  test('Cancel pressed while the request waits for it drops the request; the text still comes', async () => {
    const { w, pg, fetch, arrived, run } = runBeforeItComes();
    expect(pg.running).toBe(true);
    await pg.cancel();
    await run;
    expect([w.asked, pg.busy, pg.running]).toEqual([[], false, false]);
    fetch.resolve(TEN);
    expect(await arrived).toBe(true);
    expect([pg.text, pg.snapshot]).toEqual([TEN, null]);
  });
});

describe('a setting chosen while a text is on its way (Playground.arrive)', () => {
  /** what the example in these tests brings with its text: its kernel and views, options reset */
  const EXAMPLE_KERNEL = { preset: '5.13' };
  const openExample = (pg: Playground, fetching: Promise<string>) =>
    pg.arrive(fetching, (text) => {
      pg.kernel = EXAMPLE_KERNEL;
      pg.views = ['seqfile', 'idr'];
      pg.viewOptions = {};
      pg.load(text);
    });
  /** the output of the run's last operation shown: msgget's id tells the kernel (2.6.25 bumps the sequence each time: 32768·k + k) */
  const lastLine = (pg: Playground) => pg.snapshot?.records.at(-1)?.lines.join('\n');
  /** FOUR in the editor and an example on its way */
  const opening = () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    const fetch = later<string>();
    return { w, pg, fetch, arrived: openExample(pg, fetch.promise) };
  };

  test('a kernel chosen after the click is the one the text runs on, not the one it brings', async () => {
    const { pg, fetch, arrived } = opening();
    pg.chooseKernel({ preset: '2.6.25' });
    fetch.resolve(TEN);
    expect(await arrived).toBe(true);
    expect([pg.text, pg.views]).toEqual([TEN, ['seqfile', 'idr']]);
    await pg.run();
    expect([pg.step, pg.stale]).toEqual([10, false]);
    expect(lastLine(pg)).toBe('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 294921');
  });

  test('Run pressed before it comes runs it on the kernel chosen meanwhile', async () => {
    const { w, pg, fetch, arrived } = opening();
    const run = pg.run();
    pg.chooseKernel({ preset: '2.6.25' });
    fetch.resolve(TEN);
    await run;
    expect(await arrived).toBe(true);
    expect([w.asked, pg.stale]).toEqual([['open 10 {"kind":"end"}'], false]);
    expect(lastLine(pg)).toBe('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 294921');
  });

  test('views and options chosen meanwhile stay; the kernel, not chosen, is the one the text brings', async () => {
    const { pg, fetch, arrived } = opening();
    await pg.setViews(['maxidx']);
    await pg.setViews(['maxidx'], { maxidx: { ipc: 'sem' } });
    fetch.resolve(TEN);
    expect(await arrived).toBe(true);
    expect([pg.kernel, pg.views, pg.viewOptions]).toEqual([EXAMPLE_KERNEL, ['maxidx'], { maxidx: { ipc: 'sem' } }]);
    await pg.run();
    expect(lastLine(pg)).toBe('msgget(IPC_PRIVATE, IPC_CREAT|0600) = 9');
  });

  test('a view chosen meanwhile keeps the views, and the options are still the ones the text brings', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    await pg.setViews(['idr'], { idr: { ipc: 'msg' } });
    const fetch = later<string>();
    const arrived = openExample(pg, fetch.promise);
    await pg.setViews(['maxidx']);
    fetch.resolve(TEN);
    expect(await arrived).toBe(true);
    expect([pg.views, pg.viewOptions]).toEqual([['maxidx'], {}]);
  });

  test('a choice made before the click, or for a text that was dropped, gives way to what the text brings', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    pg.chooseKernel({ preset: '2.6.25' });
    const first = later<string>();
    const a = openExample(pg, first.promise);
    pg.chooseKernel({ preset: '3.18' });
    // a second card opened after the choice: its kernel is the later word
    const second = later<string>();
    const b = openExample(pg, second.promise);
    second.resolve(TEN);
    first.resolve(FOUR);
    expect([await a, await b]).toEqual([false, true]);
    expect([pg.text, pg.kernel]).toEqual([TEN, EXAMPLE_KERNEL]);
  });

  test('views chosen while it comes, after a run of the text before, ask the worker for nothing: their frames come with the next request', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    await pg.run();
    const fetch = later<string>();
    const arrived = openExample(pg, fetch.promise);
    const views = pg.setViews(['idr']);
    fetch.resolve(TEN);
    await views;
    expect(await arrived).toBe(true);
    await idle();
    expect([w.asked, pg.stale, pg.views]).toEqual([['open 4 {"kind":"end"}'], true, ['idr']]);
  });

  test('a kernel chosen while a fetch fails stays, with the text there was', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(FOUR);
    const fetch = later<string>();
    const arrived = openExample(
      pg,
      fetch.promise.then(() => Promise.reject(new Error('HTTP 404'))),
    );
    pg.chooseKernel({ preset: '2.6.25' });
    fetch.resolve('');
    await expect(arrived).rejects.toThrow('HTTP 404');
    expect([pg.text, pg.kernel]).toEqual([FOUR, { preset: '2.6.25' }]);
  });
});

describe('a target that waits behind the request on its way', () => {
  /** TEN opened at step 1, the worker's replies held from then on */
  const heldAtStep1 = async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(TEN);
    await pg.toStep(1);
    w.hold();
    return { w, pg };
  };

  test('go() resolves once the target itself is carried out, not the request before it', async () => {
    const { w, pg } = await heldAtStep1();
    const first = pg.toStep(2);
    const second = pg.toStep(5);
    await idle();
    w.release();
    // the move to 2 was on its way; the move to 5 waited behind it, and resolves only once it is there
    await first;
    expect(pg.step).toBe(2);
    await second;
    expect(pg.step).toBe(5);
  });

  test('new views (a delta of 0) do not take the place of a Run waiting behind a step', async () => {
    const { w, pg } = await heldAtStep1();
    const step = pg.stepOver();
    const run = pg.run();
    const views = pg.setViews(['idr']);
    await idle();
    w.release();
    await Promise.all([step, run, views]);
    expect(pg.step).toBe(10);
    // the run carried the new views' frames
    expect(pg.frames.idr?.step).toBe(10);
  });

  test('Cancel drops the waiting target and who waited for it goes on', async () => {
    const { w, pg } = await heldAtStep1();
    const first = pg.toStep(2);
    const second = pg.toStep(5);
    await idle();
    await pg.cancel();
    w.release();
    await Promise.all([first, second]);
    expect(pg.step).toBe(2);
  });

  /** compare mode on two fake workers */
  const comparing = () => {
    const left = fakeWorker();
    const right = fakeWorker();
    return { left, right, cmp: new CompareSession(left.client, right.client) };
  };

  test('compare mode: two quick step overs leave both panes and the shared step at 2', async () => {
    const { left, right, cmp } = comparing();
    cmp.open(TEN, { left: {}, right: { preset: '2.6.25' }, step: 0, views: [[], []] });
    await cmp.toStep(0);
    await bothHeld(left, right, () => [cmp.stepOver(), cmp.stepOver()]);
    expect([cmp.step, cmp.left.step, cmp.right.step]).toEqual([2, 2, 2]);
    await cmp.stepOver();
    expect([cmp.step, cmp.left.step, cmp.right.step]).toEqual([3, 3, 3]);
  });

  test('compare mode: Run while a pane is still on its way runs both to the end', async () => {
    const { left, right, cmp } = comparing();
    cmp.open(TEN, { left: {}, right: {}, step: 0, views: [[], []] });
    await cmp.toStep(0);
    await bothHeld(left, right, () => [cmp.stepOver(), cmp.toEnd()]);
    expect([cmp.step, cmp.left.step, cmp.right.step]).toEqual([10, 10, 10]);
  });
});

describe('the reply taken ahead', () => {
  test('the page tells the worker it shows a reply taken ahead only while no request of its own is on its way', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load(TEN);
    await pg.setViews(['idr']);
    await pg.run();
    await pg.toStep(2);
    for (let i = 0; i < 4; i++) {
      await idle();
      // pressed in a burst, some from the reply taken ahead, some behind a request on its way
      await Promise.all([pg.stepOver(), pg.stepOver(), pg.stepBack(), pg.stepOver()]);
    }
    await idle();
    await pg.stepOver();
    expect(pg.step).toBe(10);
    // both paths were taken: moves asked of the worker, and replies taken ahead
    expect(w.asked.length).toBeGreaterThan(2);
    expect(w.shownSteps.length).toBeGreaterThan(0);
    expect(w.shownDuringRequest).toEqual([]);
  });
});

describe("a run's notices", () => {
  const runNotices = (pg: Playground) => pg.notices.filter((n) => n.kind === 'run').map((n) => n.text);

  test("a workload's parse error is no longer said once the fixed workload has run", async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load('q = msgget(IPC_PRIVATE, IPC_CREAT|0600\n');
    await pg.run();
    expect(runNotices(pg)).toEqual([expect.stringMatching(/^The workload does not parse: line 1, column 1: /)]);
    pg.edit(FOUR, true);
    await pg.run();
    expect([pg.step, runNotices(pg)]).toEqual([4, []]);
  });

  test('"Run cancelled" stays while what ran is stepped through, and goes once Run has gone on to the end', async () => {
    const w = fakeWorker();
    const pg = new Playground(w.client);
    pg.load('repeat 300000 { msgget(IPC_PRIVATE, 0) }\n');
    const run = pg.run();
    await idle();
    await pg.cancel();
    await run;
    expect(runNotices(pg)).toEqual([expect.stringMatching(/^Run cancelled after [\d,]+ operations\./)]);
    await pg.stepBack();
    expect(runNotices(pg)).toHaveLength(1);
    await pg.run();
    expect([pg.step, runNotices(pg)]).toEqual([300_000, []]);
  }, 30_000);
});
