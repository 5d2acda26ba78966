/**
 * The mailing-list threads and commits behind the project as data: for each seed
 * workload in public/examples/, the sweep that reproduces it (the command
 * of docs/REPRODUCTIONS.md) and the numbers the thread published, so the
 * playground can plot ours beside theirs. Times are in nanoseconds, as the
 * sweep's modeled time is. The threads are in /work/shared/seeds of the
 * project's history; each entry cites author, subject and date.
 *
 * `values` is the document's full range; `quickValues`, when given, is a
 * smaller range the browser runs by default because the full one takes
 * long (the page says so).
 */

export interface PublishedPoint {
  /** the swept variable (N, CPUS, ...) */
  value: number;
  /** nanoseconds (metric 'time') or messages per second (metric 'throughput', as the thread's table reads) */
  y: number;
}

export interface PublishedSeries {
  /** what the thread called it, with the kernel it ran on */
  label: string;
  /** the preset of ours it corresponds to (the series it is drawn beside) */
  kernel: string;
  metric: 'time' | 'throughput';
  points: readonly PublishedPoint[];
}

/** A published ratio between two kernels at one value (seed 001: 6.1 ran 3.38× as fast as 6.0 with 160 threads). */
export interface PublishedRatio {
  /** the swept variable's value it was measured at (on the model's scale: 80 pairs = 160 tasks) */
  value: number;
  /** the series above and below the fraction bar: y(numerator) / y(denominator) = ratio */
  numerator: string;
  denominator: string;
  ratio: number;
  /** what the thread said, e.g. `3.38× (3.17×–3.99×)` */
  label: string;
}

export interface Reproduction {
  /** the example file under public/examples/ */
  file: string;
  /** author, subject, list and date of the thread */
  source: string;
  /** the swept variable (without `$`) and the document's values */
  variable: string;
  values: readonly number[];
  quickValues?: readonly number[];
  /** further variables, fixed */
  constants?: Readonly<Record<string, number>>;
  /** presets compared (--kernel), and settings applied to each (--set name=v1,v2: a product) */
  kernels: readonly string[];
  sets: readonly string[];
  published: readonly PublishedSeries[];
  /** published ratios between two of the kernels, drawn at their value */
  ratios?: readonly PublishedRatio[];
  /** one sentence on what the thread published that is not a series (ratios, claims) */
  claim: string;
}

const ms = (value: number, t: number): PublishedPoint => ({ value, y: t * 1e6 });
const s = (value: number, t: number): PublishedPoint => ({ value, y: t * 1e9 });
const us = (value: number, t: number): PublishedPoint => ({ value, y: t * 1e3 });

/** Published throughputs `ys` at the swept values `values`, in order. */
const tp = (values: readonly number[], ys: readonly number[]): PublishedPoint[] => ys.map((y, i) => ({ value: values[i]!, y }));
const TENS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

const RIK = 'Rik van Riel, "ipc,sem: fine grained locking for semtimedop", 6062a8dc0517 (committed 1 May 2013, v3.10)';

const SIEWIOR = 'Sebastian Andrzej Siewior and Davidlohr Bueso, "ipc/msg: implement lockless pipelined wakeups", ee51636ca54f (posted 28 Jul 2016, v4.9)';

/** pmsg-shared's totals for 60 s with 2, 4 and 8 threads (PAIRS 1, 2, 4), as a rate. */
const pmsg_shared = (when: string, kernel: string, totals: readonly number[]): PublishedSeries => ({
  label: `pmsg-shared, ${when} (total ÷ 60 s)`,
  kernel,
  metric: 'throughput',
  points: tp(
    [1, 2, 4],
    totals.map((n) => Math.round(n / 60)),
  ),
});

const KNISPEL = 'Guillaume Knispel, "ipc: optimize semget/shmget/msgget for lots of keys", LKML, July 2017 (0cfb6aee70bd, 4.14)';

export const REPRODUCTIONS: readonly Reproduction[] = [
  {
    file: '000-sysvipc-find-ipc.ipc',
    source: 'Rafael Aquini, "ipc: replace costly bailout check in sysvipc_find_ipc()", LKML, 9 Aug 2021 (quoted by Manfred Spraul, 28 Aug 2021)',
    variable: 'N',
    values: [1024, 2048, 4096, 8192, 16384, 32768],
    kernels: ['5.13', '5.15', '6.18'],
    sets: [],
    published: [
      { label: 'published before the fix', kernel: '5.13', metric: 'time', points: [ms(1024, 12), ms(2048, 18), ms(4096, 65), ms(8192, 325), ms(16384, 1303), ms(32768, 5182)] },
      { label: 'published after the fix', kernel: '5.15', metric: 'time', points: [ms(1024, 2), ms(2048, 2), ms(4096, 4), ms(8192, 9), ms(16384, 19), ms(32768, 39)] },
    ],
    claim: 'Reading /proc/sysvipc/shm of 32768 segments took 5182 ms before the fix and 39 ms after.',
  },
  {
    file: '001-msg-percpu-counters.ipc',
    source: 'Jiebin Sun, "ipc/msg: mitigate the lock contention with percpu counter", LKML, Sep 2022 (72d1e611082e, 6.1)',
    variable: 'PAIRS',
    values: [10, 20, 40, 80],
    quickValues: [10, 20, 40],
    kernels: ['6.0', '6.1'],
    sets: [],
    published: [],
    // 160 threads = 80 sender/receiver pairs (docs/REPRODUCTIONS.md §4)
    ratios: [{ value: 80, numerator: '6.1', denominator: '6.0', ratio: 3.38, label: '3.38× (3.17×–3.99×)' }],
    claim: "stress-ng's System V message passing ran 3.38× (3.17× to 3.99× across versions) faster with 160 threads on 2 × 40 cores.",
  },
  {
    file: '002-ipc-search-maxidx.ipc',
    source: 'Manfred Spraul, "ipc/util.c: Use binary search for max_idx", LKML, 2021 (b869d5be0acf, 5.14)',
    variable: 'N',
    values: [1, 2, 4, 8],
    kernels: ['5.13', '5.15'],
    sets: ['ipcmni_extend=on'],
    published: [],
    claim: 'With ipcmni_extend and msg_next_id = 16000000, "a performance increase of around factor 13000".',
  },
  {
    file: '002-ipc-maxidx-no-cache.ipc',
    source: 'Manfred Spraul, cover letter of "ipc/util.c: Use binary search for max_idx", LKML, 2021 (b869d5be0acf, 5.14)',
    variable: 'N',
    values: [100, 1000],
    constants: { GAPS: 0 },
    kernels: ['6.18'],
    sets: ['ipc_maxidx=bsearch,search,none', 'ipcmni_extend=off,on'],
    published: [],
    claim: 'Searching instead of caching max_idx slowed "semstat" by +50% (no object), +80% (no object, ipcmni_extend) and +350% (30 objects with large gaps; set GAPS=30).',
  },
  {
    file: '003-procfs-rbtree.ipc',
    source: 'Nicolas Dichtel, "Re: [PATCH linux v3 1/1] fs/proc: use a rb tree for the directory entries", LKML, 15 Oct 2014 (710585d4922f, 3.19)',
    variable: 'N',
    values: [1000, 2000, 4000, 8000, 16000, 30000],
    quickValues: [1000, 2000, 4000, 8000],
    kernels: ['3.18', '3.19'],
    sets: [],
    published: [
      { label: 'published list (sys time)', kernel: '3.18', metric: 'time', points: [s(30000, 141.44)] },
      { label: 'published rb-tree (sys time)', kernel: '3.19', metric: 'time', points: [s(30000, 109.72)] },
    ],
    claim: '30,000 unnamed dummy devices: 2m31.95s with the list, 2m0.87s with the rb-tree (real time); most of it in vsscanf().',
  },
  {
    file: '003-procfs-rbtree-named.ipc',
    source: 'Nicolas Dichtel, "Re: [PATCH linux v3 1/1] fs/proc: use a rb tree for the directory entries", LKML, 15 Oct 2014 (710585d4922f, 3.19)',
    variable: 'N',
    values: [1000, 2000, 4000, 8000, 16000, 30000],
    kernels: ['3.18', '3.19'],
    sets: [],
    published: [
      { label: 'published list (sys time)', kernel: '3.18', metric: 'time', points: [s(10000, 5.924), s(15000, 13.16), s(20000, 20.164), s(30000, 43.436)] },
      { label: 'published rb-tree (sys time)', kernel: '3.19', metric: 'time', points: [s(10000, 2.26), s(15000, 3.616), s(20000, 4.756), s(30000, 7.78)] },
    ],
    claim: 'Named devices: "an improvement of ~35% for 30k ifaces, but more importantly, after the patch, it scales linearly".',
  },
  {
    file: '004-rcu-idr.ipc',
    source: 'Nadia Derbey, "Re: [PATCH 0/9] Scalability requirements for sysv ipc - v3", LKML, 7 May 2008 (merged in v2.6.27-rc1)',
    variable: 'CPUS',
    values: [1, 2, 3, 4, 5, 6, 7, 8],
    kernels: ['2.6.25', '2.6.27'],
    sets: [],
    published: [
      {
        label: 'pmsg, stock 2.6.25-mm1',
        kernel: '2.6.25',
        metric: 'throughput',
        points: [
          [1, 876000],
          [2, 1549592],
          [3, 1694370],
          [4, 404553],
          [5, 391283],
          [6, 263249],
          [7, 191742],
          [8, 141722],
        ].map(([value, y]) => ({ value: value!, y: y! })),
      },
      {
        label: 'pmsg, 2.6.25-mm1 + RCU IDR',
        kernel: '2.6.27',
        metric: 'throughput',
        points: [
          [1, 947488],
          [2, 1730685],
          [3, 2324880],
          [4, 2400408],
          [5, 3246580],
          [6, 3752148],
          [7, 4243142],
          [8, 4275780],
        ].map(([value, y]) => ({ value: value!, y: y! })),
      },
    ],
    claim: "Manfred Spraul's pmsg ping-pong collapsed beyond 4 CPUs with the rwsem (141,722 messages on 8) and scaled with the RCU IDR (4,275,780 on 8).",
  },
  {
    file: '005-ipc-findkey-rhashtable.ipc',
    source: KNISPEL,
    variable: 'KEYS',
    values: [1000, 2000, 4000, 8000, 10000, 16000, 31900],
    quickValues: [1000, 2000, 4000, 8000],
    kernels: ['4.13', '4.14'],
    sets: [],
    published: [
      { label: 'published without the patch (4.13-rc3)', kernel: '4.13', metric: 'time', points: [us(1000, 5630), us(10000, 1_340_000), us(31900, 17_600_000)] },
      { label: 'published with the patch', kernel: '4.14', metric: 'time', points: [us(1000, 502), us(10000, 7240), us(31900, 22_200)] },
    ],
    claim: 'Creating 31,900 semaphore keys took 17.6 s with the walk and 22 ms with the hash table on an i5 laptop; reaim gained 865% on a 56-thread Xeon.',
  },
  {
    file: '005-ipc-findkey-lookups.ipc',
    source: KNISPEL,
    variable: 'KEYS',
    values: [1000, 10000, 31900],
    quickValues: [1000, 10000],
    kernels: ['4.13', '4.14'],
    sets: [],
    published: [
      { label: 'published without the patch (4.13-rc3)', kernel: '4.13', metric: 'time', points: [us(31900, 17_400_000)] },
      { label: 'published with the patch', kernel: '4.14', metric: 'time', points: [us(31900, 7810)] },
    ],
    claim: 'Looking up 31,900 existing keys once each took 17.4 s with the walk and 7.8 ms with the hash table.',
  },
  {
    file: '006-sem-fine-grained-locking.ipc',
    source: RIK,
    variable: 'N',
    values: TENS,
    quickValues: [10, 20, 50, 100],
    kernels: ['3.9', '3.10'],
    sets: [],
    published: [
      {
        label: 'semop-multi, vanilla (3.9)',
        kernel: '3.9',
        metric: 'throughput',
        points: tp(TENS, [610652, 341570, 288102, 290714, 288620, 289987, 291298, 290948, 290996, 292243]),
      },
      {
        label: 'semop-multi, + v3 patches (merged, 3.10)',
        kernel: '3.10',
        metric: 'throughput',
        points: tp(TENS, [2142206, 1977878, 2037995, 2256484, 2650292, 2388008, 2717486, 2763582, 2757524, 3059159]),
      },
    ],
    ratios: [{ value: 100, numerator: '3.10', denominator: '3.9', ratio: 10.47, label: '10.5× (3,059,159 / 292,243 ops/s)' }],
    claim: 'semop-multi on 24 CPUs, N threads on N semaphores: about 290,000 ops/s flat from 20 to 100 threads with one lock per array, 2.0 to 3.06 million with per-semaphore locks.',
  },
  {
    file: '007-sem-locking-4cpus.ipc',
    source: 'Davidlohr Bueso, "ipc,sem: do not hold ipc lock more than necessary", 16df3674efe3 (v3.10, with Rik van Riel\'s fine-grained locking)',
    variable: 'CPUS',
    values: [1, 2, 4],
    kernels: ['3.9', '3.10'],
    sets: [],
    published: [
      { label: 'semop-multi, 3.9-rc1', kernel: '3.9', metric: 'throughput', points: tp([4], [5048409]) },
      { label: 'semop-multi, with the patch', kernel: '3.10', metric: 'throughput', points: tp([4], [9105213]) },
    ],
    ratios: [{ value: 4, numerator: '3.10', denominator: '3.9', ratio: 1.8, label: '1.80× (_raw_spin_lock 59.40% → 18.54%)' }],
    claim: 'semop-multi with 256 threads on 128 semaphores, 4 CPUs, 30 s: 5,048,409 ops/s with _raw_spin_lock at 59.40% of the profile, then 9,105,213 with it at 18.54%.',
  },
  {
    file: '008-sem-complex-hysteresis.ipc',
    source: 'Manfred Spraul, "ipc/sem.c: avoid using spin_unlock_wait()" (27d7be1801a4) and "ipc/sem: add hysteresis" (9de5ab8a2eee), 27 Feb 2017 (v4.11)',
    variable: 'X',
    values: [1, 10, 100, 1000000],
    kernels: ['4.13'],
    sets: ['sem_locking=per_sem,hysteresis'],
    published: [],
    claim: 'Single-op semop became 8.9% faster on x86; complex ops are slower only when nothing sleeps, and the hysteresis of 10 limits how often the array is swept.',
  },
  {
    file: '009-msg-pipelined-wakeups.ipc',
    source: SIEWIOR,
    variable: 'PAIRS',
    values: [1, 2, 4],
    kernels: ['4.8', '4.9'],
    sets: [],
    published: [pmsg_shared('before', '4.8', [22_884_224, 21_367_197, 19_347_422]), pmsg_shared('with the patch', '4.9', [24_278_200, 35_743_458, 30_442_191])],
    ratios: [
      { value: 1, numerator: '4.9', denominator: '4.8', ratio: 1.0609, label: '+6.09% (2 threads)' },
      { value: 2, numerator: '4.9', denominator: '4.8', ratio: 1.6728, label: '+67.28% (4 threads)' },
      { value: 4, numerator: '4.9', denominator: '4.8', ratio: 1.5734, label: '+57.34% (8 threads)' },
    ],
    claim: "Manfred Spraul's pmsg-shared for 60 s on a 4-core AMD A10-7800: +6.09% with 2 threads, +67.28% with 4 and +57.34% with 8 once the receiver is woken after the queue lock is dropped.",
  },
];

/** The reproduction of an example file, if it is a seed scenario. */
export function reproductionFor(file: string): Reproduction | undefined {
  return REPRODUCTIONS.find((r) => r.file === file);
}
