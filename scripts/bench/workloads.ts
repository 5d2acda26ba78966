// The workloads the bench runs on the engine and (the first four) on the host
// kernel. Each text is in the workload language (docs/WORKLOAD-LANGUAGE.md)
// and does exactly the calls scripts/bench/kernel/ipctimer.c makes for the same name.

export const N_OBJECTS = 32768;
export const NEXTID_LOOPS = 20000;
export const NEXTID = 16000000;
export const IFB_DEVICES = 4000;

export interface KernelWorkload {
  /** the ipctimer workload name */
  name: 'shm' | 'msg' | 'nextid' | 'ifb';
  title: string;
  /** ipctimer's arguments after the name */
  args: string[];
  text: string;
  /**
   * pause after each kernel run: a network namespace with 4000 devices is
   * destroyed by a kernel worker after the process exits, which would compete
   * with the engine run that follows (measured: +25% engine time without it)
   */
  settleMs: number;
  /** what the engine's output must say for the run to count (a wrong run is a failed bench, not a figure) */
  expect: { lines: number; contains: string[] };
}

/** The counts scaled down for `--quick`, so every path still runs. */
export function kernelWorkloads(scale = 1): KernelWorkload[] {
  const n = Math.round(N_OBJECTS * scale);
  const loops = Math.round(NEXTID_LOOPS * scale);
  const devs = Math.round(IFB_DEVICES * scale);
  const fillReadRemove = (kind: 'shm' | 'msg'): KernelWorkload => {
    const get = kind === 'shm' ? 'shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600)' : 'msgget(IPC_PRIVATE, IPC_CREAT|0600)';
    const rm = kind === 'shm' ? 'shmctl(i, IPC_RMID)' : 'msgctl(i, IPC_RMID)';
    return {
      name: kind,
      title: `${n} ${kind === 'shm' ? 'shm segments' : 'msg queues'}: create, read /proc/sysvipc/${kind}, remove`,
      args: [String(n)],
      settleMs: 0,
      text: [`echo ${n} > /proc/sys/kernel/${kind}mni`, `repeat ${n} { ${get} }`, `cat /proc/sysvipc/${kind}`, `for i in 0..${n} { ${rm} }`].join('\n'),
      // the echo, n gets, the cat's own line plus header and n rows, n removals
      expect: { lines: 1 + n + 1 + 1 + n + n, contains: [`${kind}ctl(${n - 1}, IPC_RMID) = 0`] },
    };
  };
  return [
    fillReadRemove('shm'),
    fillReadRemove('msg'),
    {
      name: 'nextid',
      title: `${loops} × (msg_next_id = ${NEXTID}, msgget, IPC_RMID)`,
      args: [String(loops), String(NEXTID)],
      settleMs: 0,
      text: `repeat ${loops} {\n  echo ${NEXTID} > /proc/sys/kernel/msg_next_id\n  q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n  msgctl(q, IPC_RMID)\n}`,
      expect: { lines: 3 * loops, contains: [`msgctl(${NEXTID}, IPC_RMID) = 0`] },
    },
    {
      name: 'ifb',
      title: `${devs} unnamed ifb devices (ip link add type ifb)`,
      args: [String(devs)],
      settleMs: 2000,
      text: `repeat ${devs} { ip link add type ifb }`,
      expect: { lines: devs, contains: ['ip link add type ifb = 0'] },
    },
  ];
}

/** Reproduction 1's before-fix read (public/examples/000-sysvipc-find-ipc.ipc) at full size. */
export const FIND_IPC_EXAMPLE = 'public/examples/000-sysvipc-find-ipc.ipc';
/** The time the real kernel took for it in the thread (Aquini, LKML 2021-08-09), N = 32768. */
export const FIND_IPC_PUBLISHED_MS = 5182;
