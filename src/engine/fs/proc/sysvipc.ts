/**
 * /proc/sysvipc/{msg,sem,shm}: the seq_file iterator of ipc/util.c
 * (sysvipc_proc_start/next/stop/show, sysvipc_find_ipc), Linux 6.18, with
 * the two older ways of finding the object at a position
 * (KernelConfig.sysvipc_find_ipc):
 * - 'get_next' (6.x, Manfred Spraul): one idr_get_next per start()/next().
 * - 'maxidx' (5.15, Rafael Aquini): idr_find on pos, pos+1, … up to
 *   ipc_get_maxidx().
 * - 'count' (2.6.24 … 5.14): first count the objects below pos with idr_find
 *   from idx 0 (stopping once in_use were seen: then EOF), then idr_find on
 *   pos, pos+1, … below ipc_mni. Every start() and every next() repeats the
 *   count, so a full read of N dense objects costs about N²/2 idr_find.
 * Positions: 0 is the header line, n ≥ 1 the object at idx n-1 or the next
 * used idx after it (rows come in idx order, not id order). The old finds
 * take the starting idx (`*pos - 1` in start, `*pos` in next) and set
 * `*pos = found idx + 1` (at EOF: the idx where the scan stopped + 1, as
 * 5.x does after Vasily Averin's 2020 fix).
 *
 * Simplified: no locks (the kernel holds the ids rwsem from start to stop
 * and the shown object's spinlock from find to next/stop); the namespace is
 * the one current when the file is opened.
 */
import type { Kernel } from '../../kernel';
import type { Probe } from '../../probe';
import { idr_find_count, idr_find_count_resume, type IdrCount } from '../../lib/idr';
import { idr_is_layer, ipc_idr_find, ipc_idr_get_next } from '../../ipc/ipc_idr';
import { ipc_get_maxidx } from '../../ipc/util_maxidx';
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
  /** the header of ≤2.6.35 kernels, when it differed */
  classic_header?: string;
  show(m: SeqFile<SysvipcItem>, obj: KernIpcPerm, ns: IpcNamespace, p: Probe): number;
}

/** `struct ipc_proc_iter`: what an open file remembers. */
interface IpcProcIter {
  ns: IpcNamespace;
  iface: IpcProcIface;
  /**
   * ≤5.14: where the untraced count of the last find since start() stopped
   * (id -1: none yet). From start() to stop() the kernel holds the ids
   * rwsem, so the IDR does not change and the next find's count (from 0 to a
   * larger pos) may go on from there: the same idr_find calls and node reads
   * are counted, without making the N²/2 descents of a full read one by one.
   */
  counted: IdrCount;
}

const cursor = { id: 0 };
/** where idr_find_count stopped (unused: the kernel does not look at it) */
const stop = { id: 0 };

/**
 * sysvipc_find_ipc (6.18): the first object at idx ≥ m.index - 1, found with
 * idr_get_next; on success m.index becomes its idx + 1 (jumping over gaps),
 * at EOF m.index is left alone. Return: the object or null.
 */
export function sysvipc_find_ipc(ids: IpcIds<KernIpcPerm>, m: SeqFile<SysvipcItem>, p: Probe): KernIpcPerm | null {
  p.costs.sysvipc_find_ipc++;
  cursor.id = m.index - 1;
  const obj = ipc_idr_get_next(ids.ipcs_idr, cursor, p);
  if (obj !== null) m.index = cursor.id + 1;
  return obj;
}

/**
 * sysvipc_find_ipc (2.6.24 … 5.14): count the objects at idx < pos (idr_find
 * from 0, stopping at in_use); if all lie below pos → EOF; else the first
 * object at idx ≥ pos (< ipc_mni). Sets m.index = that idx + 1 (at EOF the
 * position reached + 1). Return: the object or null.
 */
export function sysvipc_find_ipc_count(ns: IpcNamespace, ids: IpcIds<KernIpcPerm>, pos: number, m: SeqFile<SysvipcItem>, p: Probe): KernIpcPerm | null {
  p.costs.sysvipc_find_ipc++;
  const idr = ids.ipcs_idr;
  const in_use = ids.in_use;
  let total = 0;
  let ipc: KernIpcPerm | null = null;
  if (idr_is_layer(idr)) {
    for (let id = 0; id < pos && total < in_use; id++) if (ipc_idr_find(idr, id, p) !== null) total++;
  } else if (p.trace !== null) {
    total = idr_find_count(idr, pos, in_use, stop, p);
  } else {
    // the hot loop of the quadratic read, counted on from the previous find
    const at = (m.private as IpcProcIter).counted;
    if (at.id < 0 || at.id > pos) at.id = at.hits = at.visits = 0;
    idr_find_count_resume(idr, at, pos, in_use);
    total = at.hits;
    p.costs.idr_find += at.id;
    p.costs.idr_node_visits += at.visits;
  }
  if (total < in_use) {
    for (; pos < ns.ipc_mni; pos++) {
      ipc = ipc_idr_find(idr, pos, p);
      if (ipc !== null) break;
    }
  }
  m.index = pos + 1;
  return ipc;
}

/**
 * sysvipc_find_ipc (5.15): EOF when the set is empty or pos > max_idx; else
 * the first object at idx pos … max_idx. Sets m.index = that idx + 1 (at EOF
 * the position reached + 1). Return: the object or null.
 */
export function sysvipc_find_ipc_maxidx(ns: IpcNamespace, ids: IpcIds<KernIpcPerm>, pos: number, m: SeqFile<SysvipcItem>, p: Probe): KernIpcPerm | null {
  p.costs.sysvipc_find_ipc++;
  const max_idx = ipc_get_maxidx(ns, ids, p);
  let ipc: KernIpcPerm | null = null;
  if (max_idx !== -1 && pos <= max_idx) {
    for (; pos <= max_idx; pos++) {
      ipc = ipc_idr_find(ids.ipcs_idr, pos, p);
      if (ipc !== null) break;
    }
  }
  m.index = pos + 1;
  return ipc;
}

/** The find of the configured kernel, starting at idx `pos`. */
function find_at(m: SeqFile<SysvipcItem>, pos: number, p: Probe): KernIpcPerm | null {
  const iter = m.private as IpcProcIter;
  const ns = iter.ns;
  const ids = ns.ids[iter.iface.ids] as IpcIds<KernIpcPerm>;
  switch (ns.variants.sysvipc_find_ipc) {
    case 'count':
      return sysvipc_find_ipc_count(ns, ids, pos, m, p);
    case 'maxidx':
      return sysvipc_find_ipc_maxidx(ns, ids, pos, m, p);
    case 'get_next':
      return sysvipc_find_ipc(ids, m, p);
  }
}

const sysvipc_proc_seqops: SeqOperations<SysvipcItem> = {
  start(k: Kernel, m: SeqFile<SysvipcItem>): SysvipcItem | null {
    (m.private as IpcProcIter).counted.id = -1;
    if (m.index < 0) return null;
    if (m.index === 0) return SEQ_START_TOKEN;
    return find_at(m, m.index - 1, k.probe);
  },
  next(k: Kernel, m: SeqFile<SysvipcItem>): SysvipcItem | null {
    // 6.x: ++*pos, then find at *pos - 1; before: find at *pos, which sets *pos
    if ((m.private as IpcProcIter).ns.variants.sysvipc_find_ipc !== 'get_next') return find_at(m, m.index, k.probe);
    m.index++;
    return find_at(m, m.index - 1, k.probe);
  },
  stop(_k: Kernel, m: SeqFile<SysvipcItem>): void {
    (m.private as IpcProcIter).counted.id = -1;
  },
  show(k: Kernel, m: SeqFile<SysvipcItem>, v: SysvipcItem): number {
    const { iface, ns } = m.private as IpcProcIter;
    if (v === SEQ_START_TOKEN) {
      const classic = ns.variants.shm_proc_format === 'classic' && iface.classic_header !== undefined;
      seq_puts(m, classic ? iface.classic_header! : iface.header);
      return 0;
    }
    return iface.show(m, v, ns, k.probe);
  },
};

const IFACES: readonly IpcProcIface[] = [
  {
    path: 'msg',
    header: '       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime\n',
    ids: IPC_MSG_IDS,
    show: (m, obj, _ns, p) => sysvipc_msg_proc_show(m, obj as MsgQueue, p),
  },
  {
    path: 'sem',
    header: '       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime\n',
    ids: IPC_SEM_IDS,
    show: (m, obj, _ns, p) => sysvipc_sem_proc_show(m, obj as SemArray, p),
  },
  {
    path: 'shm',
    header: '       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap\n',
    // ≤2.6.35: no rss/swap columns, and one narrow (32-bit) header for every
    // architecture although 64-bit rows print the size %21lu (2.6.36 added
    // the columns and a 64-bit header)
    classic_header: '       key      shmid perms       size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime\n',
    ids: IPC_SHM_IDS,
    show: (m, obj, ns, p) => sysvipc_shm_proc_show(m, obj as ShmidKernel, p, ns.variants.shm_proc_format === 'rss_swap'),
  },
];

const FILES = new Map<string, FileOps>(
  IFACES.map((iface) => [iface.path, seq_file_ops(sysvipc_proc_seqops, (k): IpcProcIter => ({ ns: k.state.ipc, iface, counted: { id: -1, hits: 0, visits: 0 } }))]),
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
