/**
 * The gallery: the tour and the seed scenarios shipped in public/examples/.
 * Each card says in two sentences what the workload shows and which kernels
 * to compare, and carries what opening it sets up: the kernel, the views
 * that tell its story, and the pair of kernels of its compare mode. Seed
 * scenarios (NNN-*.ipc) also have a sweep (src/engine/reproductions.ts);
 * the story cards of part 2 (sem-*.ipc, ...) have none.
 */
import type { KernelChoice } from '../../engine/kernel_choice';
import type { ViewId } from '../../engine/view/types';

export interface Example {
  /** file name under public/examples/ */
  file: string;
  title: string;
  /** two sentences: what it shows, which kernels to compare */
  blurb: string;
  /** the kernel it opens with (default: 6.18) */
  kernel?: KernelChoice;
  views?: readonly ViewId[];
  /** the two kernels of its compare mode (none for multi-CPU workloads, which the playground cannot step) */
  compare?: { left: KernelChoice; right: KernelChoice };
}

export const TOUR: Example = {
  file: 'tour.ipc',
  title: 'Tour',
  blurb:
    'Every mechanism once: message queues, shared memory, semaphores, sysctls, /proc/sysvipc and network devices. Compare 2.6.25 with 6.18 to see ids, procfs and the IDR change over fifteen years.',
  views: ['idr', 'seqfile', 'proc'],
  compare: { left: { preset: '2.6.25' }, right: {} },
};

export const EXAMPLES: readonly Example[] = [
  TOUR,
  {
    file: '000-sysvipc-find-ipc.ipc',
    title: 'Reading /proc/sysvipc/shm',
    blurb:
      'Up to 5.14 every step of the /proc/sysvipc iterator counted the segments below it from index 0, N²/2 IDR lookups for one read. Compare 5.13 with 5.15 (the scan bounded by max_idx) and 6.18 (idr_get_next).',
    kernel: { preset: '5.13' },
    views: ['seqfile', 'idr'],
    compare: { left: { preset: '5.13' }, right: { preset: '5.15' } },
  },
  {
    file: '001-msg-percpu-counters.ipc',
    title: 'Per-CPU message counters',
    blurb:
      'Sender and receiver pairs on a simulated 2 × 40-core machine all update the namespace\'s message counters: one shared atomic_t up to 6.0, per-CPU counters since 6.1. Open runs it on the multi-CPU model with a per-CPU timeline (pick 6.1 under "Compare with" to see both, and type ipc_ns_offset=32 under "Machine constants" for the other cache-line layout of the namespace); Reproduce sweeps the pairs.',
    kernel: { preset: '6.0' },
    views: ['percpu'],
  },
  {
    file: '002-ipc-search-maxidx.ipc',
    title: 'Finding max_idx after a removal',
    blurb:
      'Removing the queue at the highest index makes the kernel find the next highest: 4.17–5.13 stepped down index by index, 16 million empty slots here. Compare 5.13 with 5.15 (a binary search of 24 probes), both with ipcmni_extend on.',
    kernel: { preset: '5.13', switches: { ipcmni_extend: 'on' } },
    views: ['maxidx', 'idr'],
    compare: { left: { preset: '5.13', switches: { ipcmni_extend: 'on' } }, right: { preset: '5.15', switches: { ipcmni_extend: 'on' } } },
  },
  {
    file: '002-ipc-maxidx-no-cache.ipc',
    title: 'Why max_idx stayed cached',
    blurb:
      "Each SEM_INFO returns the highest index in use; a rejected patch searched for it on every call instead of caching it. Compare ipc_maxidx=bsearch (the cache, 6.18) with search (no cache) or none (2.6.25's walk).",
    views: ['maxidx'],
    compare: { left: {}, right: { switches: { ipc_maxidx: 'search' } } },
  },
  {
    file: '003-procfs-rbtree.ipc',
    title: 'procfs directories: list or rb-tree',
    blurb: 'Each new network device adds /proc entries, inserted by walking a list up to 3.18 and into an rb-tree since 3.19, yet the name scan of __dev_alloc_name dominates. Compare 3.18 with 3.19.',
    kernel: { preset: '3.18' },
    views: ['proc'],
    compare: { left: { preset: '3.18' }, right: { preset: '3.19' } },
  },
  {
    file: '003-procfs-rbtree-named.ipc',
    title: 'procfs directories, named devices',
    blurb: 'With the names given there is no name scan, and what remains is the /proc insertion: quadratic on the list, N log N on the rb-tree. Compare 3.18 with 3.19.',
    kernel: { preset: '3.18' },
    views: ['proc'],
    compare: { left: { preset: '3.18' }, right: { preset: '3.19' } },
  },
  {
    file: '004-rcu-idr.ipc',
    title: 'The RCU IDR for ipc',
    blurb:
      'Ping-pong pairs on up to 8 CPUs look their queues up in the IDR: 2.6.25 took the ids rwsem for read around every lookup, 2.6.27 made it lockless under RCU. Open runs it on the multi-CPU model with a per-CPU timeline (pick 2.6.27 under "Compare with" to see both); Reproduce sweeps the CPUs.',
    kernel: { preset: '2.6.25' },
    views: ['idr'],
  },
  {
    file: '005-ipc-findkey-rhashtable.ipc',
    title: 'semget of many keys',
    blurb:
      'Each new key made 4.13 walk every index with idr_find and compare every key, so 1000 semget calls cost half a million lookups; 4.14 hashes the key into an rhashtable. Compare 4.13 with 4.14 and open the key lookup view to see the walk, then the buckets and their resizes.',
    kernel: { preset: '4.13' },
    views: ['keyht', 'idr'],
    compare: { left: { preset: '4.13' }, right: { preset: '4.14' } },
  },
  {
    file: '005-ipc-findkey-lookups.ipc',
    title: 'semget of existing keys',
    blurb: 'Finding key i among existing ones made 4.13 look at idx 0 … i, while 4.14 compares about one key in its bucket. Compare 4.13 with 4.14; only the second loop is measured.',
    kernel: { preset: '4.13' },
    views: ['keyht'],
    compare: { left: { preset: '4.13' }, right: { preset: '4.14' } },
  },
  {
    file: '006-sem-fine-grained-locking.ipc',
    title: 'Semaphore locks on 24 CPUs',
    blurb:
      "N threads each work on their own semaphore of one array: up to 3.9 every semop queued on the array's sem_perm.lock, 3.10 takes only the semaphore's own lock. Open runs it on the multi-CPU model (pick 3.10 under \"Compare with\"); Reproduce sweeps N from 10 to 100 beside Rik van Riel's table.",
    kernel: { preset: '3.9' },
    views: ['idr'],
  },
  {
    file: '007-sem-locking-4cpus.ipc',
    title: 'Semaphore locks on 4 CPUs',
    blurb:
      "256 threads on 128 semaphores of one array, on 1 to 4 CPUs, with the one array lock of 3.9 and the per-semaphore locks of 3.10. Reproduce puts the sweep beside Davidlohr Bueso's 5.0 and 9.1 million ops/s on 4 CPUs.",
    kernel: { preset: '3.9' },
    views: ['idr'],
  },
  {
    file: '008-sem-complex-hysteresis.ipc',
    title: 'Complex semops and the hysteresis',
    blurb:
      "Ping-pong pairs do every X-th round with two-sop operations, which need the whole array: 4.10 sweeps every semaphore's lock each time it enters global mode, 4.11 stays global for 10 more lock sections. Open shows the sweeps counted and timed; Reproduce runs X = 1, 10, 100 and never for both rules.",
    kernel: { preset: '4.13' },
    views: ['idr'],
  },
  {
    file: '009-msg-pipelined-wakeups.ipc',
    title: 'Message wake-ups after the unlock',
    blurb:
      "Ping-pong pairs on two message queues that all of them share, on 4 cores: up to 4.8 msgsnd woke the receiver while it held the queue lock, 4.9 wakes it from a wake_q once the lock is dropped. Open runs 4 threads on 4.8; Reproduce puts 2, 4 and 8 threads on both kernels beside the commit's +6%, +67% and +57%.",
    kernel: { preset: '4.8' },
    views: ['idr'],
  },
  {
    file: 'sem-producer-consumer.ipc',
    title: 'Producer and consumer on semaphores',
    blurb:
      'A producer and a consumer share a lock and an item count, two semaphores of one array, and take the lock with SEM_UNDO; killed while holding it, the consumer leaves it to exit_sem, which gives it back and wakes the producer. Step into each semop in the semaphore view, and compare 3.9 (every semop takes the array lock) with 6.18 (use_global_lock).',
    views: ['sem'],
    compare: { left: { preset: '3.9' }, right: {} },
  },
  {
    file: 'msg-pipelined-handoff.ipc',
    title: 'A receiver woken by a sender',
    blurb:
      'A process asleep in msgrcv gets the message straight from the sender (pipelined_send): it is never queued, so qnum and the per-CPU counters do not move, and a receiver whose buffer is too small is woken with E2BIG instead. Compare msg_wakeup=locked (before 4.9 the receiver was woken under the queue lock) with 6.18 (from the wake_q, after the unlock) and step into the msgsnd.',
    views: ['percpu'],
    compare: { left: { switches: { msg_wakeup: 'locked' } }, right: {} },
  },
  {
    file: 'shm-removed-while-attached.ipc',
    title: 'A segment removed while attached',
    blurb:
      'IPC_RMID of a segment that three processes have attached only marks it SHM_DEST and hides its key; it stays attachable by id and goes with its last mapping, whether a shmdt, an exit or a kill drops it. Step through it with the shared-memory view, and compare 3.18 with 6.18: the ids move to another IDR, the attachment rules do not.',
    views: ['shm'],
    compare: { left: { preset: '3.18' }, right: {} },
  },
];

/** The text of an example, fetched relative to the page (the site may live under a sub-path). */
export async function fetchExample(example: Pick<Example, 'file'>, base: string = document.baseURI): Promise<string> {
  const res = await fetch(new URL(`examples/${example.file}`, base));
  if (!res.ok) throw new Error(`${example.file}: HTTP ${res.status}`);
  return res.text();
}
