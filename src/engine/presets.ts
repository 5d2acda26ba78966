/**
 * Kernel presets: every kernel-history switch of KernelConfig set as a given
 * Linux release had it, plus `resolveConfig`, which the CLI, the URL and the
 * UI use to turn a preset name and `name=value` overrides into a config.
 *
 * Sources are the sections of kernel-notes.md (§) unless said otherwise;
 * "inferred" marks a release number that was not read from a tagged tree.
 * - sysvipc_find_ipc: count ≤5.14 (§3.2a; present in 5.10), maxidx 5.15
 *   (§3.2b, Aquini, Aug 2021: absent in 5.10.13, present in 5.18; inferred
 *   5.15), get_next 6.0+ (§3.2c, absent in 5.18, present in 6.18; in
 *   linux-next beside 5.19-era patches; inferred 6.0).
 * - ipc_maxidx: none ≤4.16 (§2.3, 2.6.25 ipc_get_maxid), linear 4.17–5.13
 *   (§2.3, "make get_maxid O(1) again"; seen in a ~4.19 tree and 5.10;
 *   4.17 inferred), bsearch 5.14+ (§2.2, b869d5be0acf, 5.14 cycle);
 *   `search` (no cache, a binary search per *_INFO) was never released and
 *   is only reachable with --set.
 * - ipc_idx_alloc: lowest with seq++ on every allocation up to 5.1 (§1.4,
 *   §1.5: 2.6.25 and ~4.19), cyclic from 5.2 (linux-next April 2019; inferred).
 * - idr: layer (64-slot idr_layer, free list) ≤3.8 (§6.2), layer256 (256-slot
 *   idr_layer with the lookup hint and idr_alloc, Tejun Heo's 3.9 rework) 3.9–4.10
 *   (lib/idr.c and include/linux/idr.h of 3.18, see lib/idr-layer256.ts),
 *   radix 4.11+ (§6.1 "idr-4.11"). Only 2.6.25/2.6.27 and 3.18/3.19 have
 *   presets on the layer trees.
 * - msg_counters: atomic ≤6.0, percpu 6.1+ (§4.5).
 * - proc_dir: list ≤3.18, rbtree 3.19+ (§7.2, §7.3, commit 710585d4922f).
 * - ipc_lookup: rwsem 2.6.24–2.6.26, rcu 2.6.27+ (§6.3, v2.6.27-rc1).
 * - rwsem: spinlock ≤2.6.33 (smp/lock_config.ts), xadd 2.6.34–5.10,
 *   optimistic from 5.13 (kernel/locking/rwsem.c read in 6.1: writers spin
 *   on the owner, readers steal; the reader stealing came with 5.11). xadd
 *   for 3.16–5.10 is an approximation: their writers already spun.
 * - shm_proc_format: classic ≤2.6.35, rss_swap 2.6.36+ (Helge Deller's
 *   "ipc/shm.c: add RSS and swap size information to /proc/sysvipc/shm",
 *   posted Aug 2010 through -mm and absent from the 2.6.34 tree; 2.6.36 inferred).
 * - ipc_limits: the 2.6.25 header values (§1.9: SHMMAX 32 MiB, SEM 250
 *   32000 32 128) until 3.15; SHMMAX/SHMALL raised in 3.16 and SEM* in 3.19
 *   (inferred from the merge windows of "ipc,shm: increase default size for
 *   shmmax, shmall" and "ipc/sem.c: increase SEMMSL, SEMMNI, SEMOPM"). MSGMNI
 *   was scaled with low memory at boot before 3.19 (at least 16, at most
 *   32768); that is not modelled, every preset keeps 32000.
 * - ipc_findkey: walk ≤4.13 (the idr_find loop, read in a 4.13.4 tree),
 *   rhashtable 4.14+ (Guillaume Knispel's "ipc: optimize semget/shmget/msgget
 *   for lots of keys", 0cfb6aee70bd, in the 4.14 merge shortlog; absent in
 *   4.13.4, present in 4.14.177). 4.13 and 4.14 have presets for this one
 *   change: both are 4.19 without the 4.17 max_idx cache.
 * - The part-2 switches (kernel-notes-ops.md §5): sem_locking global ≤3.9,
 *   per_sem 3.10–4.10 (6062a8dc0517), hysteresis 4.11+ (27d7be1801a4 +
 *   9de5ab8a2eee); sem_zero_queue mixed ≤3.10, separate 3.11+; semcnt
 *   all_sops ≤3.15, blocking_sop 3.16+ (b220c57aeccf); sem_wakeup in_wakeup
 *   ≤4.9, wake_q 4.10+ (9ae949fa382b, Dec 2016); msg_wakeup locked ≤4.8,
 *   wake_q 4.9+ (ee51636ca54f). The presets 3.9, 3.10, 3.11, 3.15, 4.8, 4.9,
 *   4.10 and 4.11 exist for these changes (4.8 and 4.9 differ only in
 *   msg_wakeup); their other switches are 3.18's (4.10,
 *   4.11: 4.13's with the IDR of their time), with the SEM* limits of
 *   before 3.16. ≤3.10's queues were read in that era's do_semtimedop
 *   (wait-for-zero ops list_add at the head of the one list, alter ops at
 *   the tail), update_queue, check_restart and do_smart_update, and its
 *   count_semncnt/count_semzcnt (every sop without IPC_NOWAIT counts).
 */
import { DEFAULT_CONFIG, type KernelConfig } from './config';

/** The switches a preset sets, with their allowed values (the names the CLI, URL and UI use). */
export const SWITCH_VALUES = {
  sysvipc_find_ipc: ['count', 'maxidx', 'get_next'],
  ipc_maxidx: ['none', 'linear', 'bsearch', 'search'],
  ipc_idx_alloc: ['lowest', 'cyclic'],
  idr: ['layer', 'layer256', 'radix'],
  msg_counters: ['atomic', 'percpu'],
  proc_dir: ['list', 'rbtree'],
  ipc_lookup: ['rwsem', 'rcu'],
  spinlock: ['ticket', 'queued'],
  rwsem: ['spinlock', 'xadd', 'optimistic'],
  shm_proc_format: ['classic', 'rss_swap'],
  ipc_limits: ['2.6', '3.16', '3.19'],
  ipc_findkey: ['walk', 'rhashtable'],
  sem_locking: ['global', 'per_sem', 'hysteresis'],
  sem_zero_queue: ['mixed', 'separate'],
  semcnt: ['all_sops', 'blocking_sop'],
  sem_wakeup: ['in_wakeup', 'wake_q'],
  msg_wakeup: ['locked', 'wake_q'],
  ipcmni_extend: ['off', 'on'],
} as const satisfies Partial<Record<keyof KernelConfig, readonly string[]>>;

export type SwitchName = keyof typeof SWITCH_VALUES;

/** Numeric settings `--set` also accepts, with inclusive bounds. */
export const NUMERIC_SETTINGS = {
  nr_cpus: [1, 4096],
} as const satisfies Partial<Record<keyof KernelConfig, readonly [number, number]>>;

export type KernelPreset = Pick<KernelConfig, Exclude<SwitchName, 'ipcmni_extend'>>;

/** 6.18 sets every switch as the host kernel does: DEFAULT_CONFIG's values, the one place they are written. */
const V6_18: KernelPreset = Object.fromEntries((Object.keys(SWITCH_VALUES) as SwitchName[]).filter((n) => n !== 'ipcmni_extend').map((n) => [n, DEFAULT_CONFIG[n]])) as unknown as KernelPreset;

/** The sem switches before Rik van Riel's 3.10 locking, the 3.11 pending_const and the 3.16 GETNCNT rule. */
const SEM_2_6 = { sem_locking: 'global', sem_zero_queue: 'mixed', semcnt: 'all_sops', sem_wakeup: 'in_wakeup' } as const satisfies Partial<KernelPreset>;
/** 3.16–4.8: per-semaphore locks, pending_const, blocking-sop counts, still the IN_WAKEUP list. */
const SEM_3_16 = { sem_locking: 'per_sem', sem_zero_queue: 'separate', semcnt: 'blocking_sop', sem_wakeup: 'in_wakeup' } as const satisfies Partial<KernelPreset>;

/** The 3.9–3.19 releases apart from sem: the 256-slot IDR, the procfs list, the SEM* limits of before 3.16 (3.18 and 3.19 raise them). */
const V3_ERA = {
  ...V6_18,
  sysvipc_find_ipc: 'count',
  ipc_maxidx: 'none',
  ipc_idx_alloc: 'lowest',
  idr: 'layer256',
  msg_counters: 'atomic',
  proc_dir: 'list',
  spinlock: 'ticket',
  ipc_limits: '2.6',
  rwsem: 'xadd',
  ipc_findkey: 'walk',
  msg_wakeup: 'locked',
} as const satisfies KernelPreset;

/** 2.6.25: the first release with every ipc type on the IDR; 2.6.27 differs only in its lookups. */
const V2_6_25: KernelPreset = {
  ...V6_18,
  sysvipc_find_ipc: 'count',
  ipc_maxidx: 'none',
  ipc_idx_alloc: 'lowest',
  idr: 'layer',
  msg_counters: 'atomic',
  proc_dir: 'list',
  ipc_lookup: 'rwsem',
  spinlock: 'ticket',
  rwsem: 'spinlock',
  shm_proc_format: 'classic',
  ipc_limits: '2.6',
  ipc_findkey: 'walk',
  ...SEM_2_6,
  msg_wakeup: 'locked',
};

/** The presets by release, oldest first; '6.18' is the default (DEFAULT_CONFIG). */
export const KERNEL_PRESETS: Readonly<Record<string, Readonly<KernelPreset>>> = {
  // IDR conversion done (2.6.24) but lookups still take the rwsem for read
  // (§6.3); idr_layer tree recycling layers through its free list; old limits
  '2.6.25': V2_6_25,
  // Nadia Derbey's RCU IDR (v2.6.27-rc1): lockless idr_find, layers freed after a grace period
  '2.6.27': { ...V2_6_25, ipc_lookup: 'rcu' },
  // the sem stories of #16 (kernel-notes-ops §5), each the release before or after one change; the rest as 3.18 has it, with the old SEM* limits
  // the last release where every semop takes the array's lock; Tejun Heo's 256-slot IDR (3.9)
  '3.9': { ...V3_ERA, ...SEM_2_6 },
  // Rik van Riel's per-semaphore locks (3.10); wait-for-zero ops still share the alter lists
  '3.10': { ...V3_ERA, ...SEM_2_6, sem_locking: 'per_sem' },
  // Manfred Spraul's separate wait-for-zero queues (pending_const) and merge_queues (3.11); GETNCNT still counts every sop
  '3.11': { ...V3_ERA, ...SEM_3_16, semcnt: 'all_sops' },
  // the last release whose GETNCNT/GETZCNT count every sop (b220c57aeccf came in 3.16)
  '3.15': { ...V3_ERA, ...SEM_3_16, semcnt: 'all_sops' },
  // last release with the procfs list; rss/swap columns (2.6.36), SHMMAX raised (3.16); the 3.9 IDR (256-slot layers, hint)
  '3.18': { ...V3_ERA, ipc_limits: '3.16', ...SEM_3_16 },
  // procfs rb-tree (710585d4922f); SEM* defaults raised
  '3.19': { ...V3_ERA, proc_dir: 'rbtree', ipc_limits: '3.19', ...SEM_3_16 },
  // the last release whose msgsnd wakes the receiver under the queue lock (msg_wakeup locked); otherwise 4.9
  '4.8': { ...V3_ERA, proc_dir: 'rbtree', spinlock: 'queued', ipc_limits: '3.19', ...SEM_3_16 },
  // msg's lockless pipelined wake-ups through wake_q (ee51636ca54f); semop still wakes through its IN_WAKEUP list
  '4.9': { ...V3_ERA, proc_dir: 'rbtree', spinlock: 'queued', ipc_limits: '3.19', ...SEM_3_16, msg_wakeup: 'wake_q' },
  // wake_q for semop (9ae949fa382b, 4.10) and msg (4.9); still per-semaphore locks with complex_count, the 256-slot IDR
  '4.10': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'none', ipc_idx_alloc: 'lowest', idr: 'layer256', msg_counters: 'atomic', rwsem: 'xadd', ipc_findkey: 'walk', sem_locking: 'per_sem' },
  // use_global_lock with its hysteresis (4.11) and the radix-tree IDR (4.11)
  '4.11': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'none', ipc_idx_alloc: 'lowest', msg_counters: 'atomic', rwsem: 'xadd', ipc_findkey: 'walk' },
  // radix-tree IDR (4.11); the last release whose ipc_findkey walks the ids
  '4.13': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'none', ipc_idx_alloc: 'lowest', msg_counters: 'atomic', rwsem: 'xadd', ipc_findkey: 'walk' },
  // the key rhashtable (Guillaume Knispel, 4.14)
  '4.14': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'none', ipc_idx_alloc: 'lowest', msg_counters: 'atomic', rwsem: 'xadd' },
  // radix-tree IDR (4.11), cached max_idx with the linear step-down (4.17, inferred)
  '4.19': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'linear', ipc_idx_alloc: 'lowest', msg_counters: 'atomic', rwsem: 'xadd' },
  // cyclic allocation with seq conservation (5.2, inferred)
  '5.10': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'linear', msg_counters: 'atomic', rwsem: 'xadd' },
  // the kernel seeds 000 and 002 measured before their fixes
  '5.13': { ...V6_18, sysvipc_find_ipc: 'count', ipc_maxidx: 'linear', msg_counters: 'atomic' },
  // binary ipc_search_maxidx (5.14) and Aquini's max_idx-bounded find (5.15, inferred)
  '5.15': { ...V6_18, sysvipc_find_ipc: 'maxidx', msg_counters: 'atomic' },
  // idr_get_next find (inferred 6.0); last release with atomic_t msg counters
  '6.0': { ...V6_18, msg_counters: 'atomic' },
  // percpu msg counters (Jiebin Sun, 6.1)
  '6.1': { ...V6_18 },
  '6.18': V6_18,
};

export const DEFAULT_PRESET = '6.18';

export type ResolvedConfig = { ok: true; config: KernelConfig } | { ok: false; message: string };

const fail = (message: string): ResolvedConfig => ({ ok: false, message });

function isSwitch(name: string): name is SwitchName {
  return Object.hasOwn(SWITCH_VALUES, name);
}

/**
 * The config of `preset` (a KERNEL_PRESETS name; null = the default 6.18)
 * with `sets` applied in order, each `name=value` (or a [name, value] pair).
 * Errors name the unknown preset, switch or value and list the valid ones;
 * idr=layer or layer256 with ipc_idx_alloc=cyclic is refused (never existed:
 * ipc moved to cyclic allocation on the radix IDR).
 */
export function resolveConfig(preset: string | null, sets: ReadonlyArray<string | readonly [string, string]> = []): ResolvedConfig {
  const name = preset ?? DEFAULT_PRESET;
  if (!Object.hasOwn(KERNEL_PRESETS, name)) {
    return fail(`unknown kernel ${JSON.stringify(name)}; known: ${Object.keys(KERNEL_PRESETS).join(', ')}`);
  }
  const config: KernelConfig = { ...DEFAULT_CONFIG, ...KERNEL_PRESETS[name]! };
  for (const set of sets) {
    let key: string;
    let value: string;
    if (typeof set === 'string') {
      const eq = set.indexOf('=');
      if (eq <= 0) return fail(`--set needs name=value, got ${JSON.stringify(set)}`);
      key = set.slice(0, eq);
      value = set.slice(eq + 1);
    } else {
      [key, value] = set;
    }
    const err = applySetting(config, key, value);
    if (err !== null) return fail(err);
  }
  if (config.idr !== 'radix' && config.ipc_idx_alloc === 'cyclic') {
    return fail(`idr=${config.idr} needs ipc_idx_alloc=lowest: ipc never allocated cyclically on the idr_layer tree`);
  }
  return { ok: true, config };
}

/** Set one switch or numeric setting on `config`; null, or the error message. */
function applySetting(config: KernelConfig, key: string, value: string): string | null {
  const c = config as unknown as Record<string, unknown>;
  if (isSwitch(key)) {
    const allowed: readonly string[] = SWITCH_VALUES[key];
    if (!allowed.includes(value)) return `${key} cannot be ${JSON.stringify(value)}; one of: ${allowed.join(', ')}`;
    c[key] = key === 'ipcmni_extend' ? value === 'on' : value;
    return null;
  }
  if (Object.hasOwn(NUMERIC_SETTINGS, key)) {
    const [lo, hi] = NUMERIC_SETTINGS[key as keyof typeof NUMERIC_SETTINGS];
    const n = Number(value);
    if (!/^[0-9]+$/.test(value) || n < lo || n > hi) return `${key} needs an integer from ${lo} to ${hi}, got ${JSON.stringify(value)}`;
    c[key] = n;
    return null;
  }
  const known = [...Object.keys(SWITCH_VALUES), ...Object.keys(NUMERIC_SETTINGS)];
  return `unknown switch ${JSON.stringify(key)}; known: ${known.join(', ')}`;
}

/** The value of a switch as the CLI spells it (ipcmni_extend: on/off). */
export function switchValue(config: KernelConfig, name: SwitchName): string {
  if (name === 'ipcmni_extend') return config.ipcmni_extend ? 'on' : 'off';
  return config[name];
}

/** `ipcscope --list-kernels`: one line per preset with what it sets, then the switches. */
export function formatKernelList(): string {
  const names = Object.keys(SWITCH_VALUES).filter((n) => n !== 'ipcmni_extend') as Exclude<SwitchName, 'ipcmni_extend'>[];
  let out = 'Kernel presets (--kernel NAME); the default is 6.18:\n';
  for (const [name, preset] of Object.entries(KERNEL_PRESETS)) {
    out += `  ${name.padEnd(7)} ${names.map((n) => `${n}=${preset[n]}`).join(' ')}\n`;
  }
  out += '\nSwitches (--set NAME=VALUE, applied after --kernel):\n';
  for (const [name, values] of Object.entries(SWITCH_VALUES)) out += `  ${name.padEnd(17)} ${values.join(' | ')}\n`;
  for (const [name, [lo, hi]] of Object.entries(NUMERIC_SETTINGS)) out += `  ${name.padEnd(17)} ${lo}..${hi}\n`;
  return out;
}
