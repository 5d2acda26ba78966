/**
 * /proc/sysvipc/{msg,sem,shm}: the seq_file iterator of ipc/util.c
 * (sysvipc_proc_start/next/stop/show, sysvipc_find_ipc), Linux 6.18.
 *
 * Positions: 0 is the header line, n ≥ 1 the object at idx n-1 or the next
 * used idx after it (rows come in idx order, not id order). 6.18 finds it
 * with one idr_get_next per start() and per next(). Older kernels found it
 * differently (≤ 5.14: counting loop from idx 0 up to in_use; 5.15: linear
 * scan bounded by max_idx); such a variant replaces `sysvipc_find_ipc`
 * in SYSVIPC_FIND, keeping its contract (m.index in and out).
 *
 * Simplified: no locks (the kernel holds the ids rwsem from start to stop
 * and the shown object's spinlock from find to next/stop); the namespace is
 * the one current when the file is opened.
 */
import type { Kernel } from '../../kernel';
import type { Probe } from '../../probe';
import { idr_get_next } from '../../lib/idr';
import { ENOENT, ENOTDIR } from '../../uapi/errno';
import { IPC_MSG_IDS, IPC_SEM_IDS, IPC_SHM_IDS, type IpcIds, type IpcNamespace, type KernIpcPerm, type MsgQueue, type SemArray, type ShmidKernel } from '../../ipc/namespace';
import { sysvipc_msg_proc_show } from '../../ipc/msg';
import { sysvipc_sem_proc_show } from '../../ipc/sem';
import { sysvipc_shm_proc_show } from '../../ipc/shm';
import { seq_file_ops, seq_puts, type SeqFile, type SeqOperations } from '../seq_file';
import type { Dentry, FileOps, Mount } from '../vfs';

/** The header's iterator value (`SEQ_START_TOKEN`). */
export const SEQ_START_TOKEN: unique symbol = Symbol('SEQ_START_TOKEN');
type SysvipcItem = KernIpcPerm | typeof SEQ_START_TOKEN;

/** `struct ipc_proc_iface`: one /proc/sysvipc file. */
interface IpcProcIface {
  path: string;
  header: string;
  ids: number;
  show(m: SeqFile<SysvipcItem>, obj: KernIpcPerm, p: Probe): number;
}

/** `struct ipc_proc_iter`: what an open file remembers. */
interface IpcProcIter {
  ns: IpcNamespace;
  iface: IpcProcIface;
}

const cursor = { id: 0 };

/**
 * sysvipc_find_ipc (6.18): the first object at idx ≥ m.index - 1, found with
 * idr_get_next; on success m.index becomes its idx + 1 (jumping over gaps),
 * at EOF m.index is left alone. Return: the object or null.
 */
export function sysvipc_find_ipc(ids: IpcIds<KernIpcPerm>, m: SeqFile<SysvipcItem>, p: Probe): KernIpcPerm | null {
  p.costs.sysvipc_find_ipc++;
  cursor.id = m.index - 1;
  const obj = idr_get_next(ids.ipcs_idr, cursor, p);
  if (obj !== null) m.index = cursor.id + 1;
  return obj;
}

/** The find function in use; the kernel-history work swaps in older variants. */
export const SYSVIPC_FIND = { find: sysvipc_find_ipc };

function iter_ids(m: SeqFile<SysvipcItem>): IpcIds<KernIpcPerm> {
  const iter = m.private as IpcProcIter;
  return iter.ns.ids[iter.iface.ids] as IpcIds<KernIpcPerm>;
}

const sysvipc_proc_seqops: SeqOperations<SysvipcItem> = {
  start(k: Kernel, m: SeqFile<SysvipcItem>): SysvipcItem | null {
    if (m.index < 0) return null;
    if (m.index === 0) return SEQ_START_TOKEN;
    return SYSVIPC_FIND.find(iter_ids(m), m, k.probe);
  },
  next(k: Kernel, m: SeqFile<SysvipcItem>): SysvipcItem | null {
    m.index++;
    return SYSVIPC_FIND.find(iter_ids(m), m, k.probe);
  },
  stop(): void {},
  show(k: Kernel, m: SeqFile<SysvipcItem>, v: SysvipcItem): number {
    const iface = (m.private as IpcProcIter).iface;
    if (v === SEQ_START_TOKEN) {
      seq_puts(m, iface.header);
      return 0;
    }
    return iface.show(m, v, k.probe);
  },
};

const IFACES: readonly IpcProcIface[] = [
  {
    path: 'msg',
    header: '       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime\n',
    ids: IPC_MSG_IDS,
    show: (m, obj, p) => sysvipc_msg_proc_show(m, obj as MsgQueue, p),
  },
  {
    path: 'sem',
    header: '       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime\n',
    ids: IPC_SEM_IDS,
    show: (m, obj, p) => sysvipc_sem_proc_show(m, obj as SemArray, p),
  },
  {
    path: 'shm',
    header:
      '       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap\n',
    ids: IPC_SHM_IDS,
    show: (m, obj, p) => sysvipc_shm_proc_show(m, obj as ShmidKernel, p),
  },
];

const FILES = new Map<string, FileOps>(
  IFACES.map((iface) => [iface.path, seq_file_ops(sysvipc_proc_seqops, (k): IpcProcIter => ({ ns: k.state.ipc, iface }))]),
);
/** procfs directory order: shorter names first, then bytewise (all three have 3 letters) */
const NAMES = IFACES.map((i) => i.path);

const DIR = '/proc/sysvipc';

/** /proc/sysvipc and its three files. */
export const sysvipc_mount: Mount = {
  prefix: DIR + '/',
  lookup(_k: Kernel, path: string): Dentry | number | null {
    if (path !== DIR && !path.startsWith(DIR + '/')) return null;
    const rest = path.slice(DIR.length).replace(/^\/+/, '');
    if (rest.replace(/\/+$/, '') === '') return { type: 'dir', readdir: () => NAMES.slice() };
    const slash = rest.indexOf('/');
    const ops = FILES.get(slash < 0 ? rest : rest.slice(0, slash));
    if (!ops) return -ENOENT;
    if (slash >= 0) return -ENOTDIR;
    return { type: 'file', ops };
  },
};
