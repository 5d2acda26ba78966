/**
 * The IPC namespace's sysctl files: ipc/ipc_sysctl.c (/proc/sys/kernel/
 * msgmax, msgmnb, msgmni, auto_msgmni, msg_next_id, sem, sem_next_id,
 * shmall, shmmax, shmmni, shm_rmid_forced, shm_next_id) and ipc/mq_sysctl.c
 * (/proc/sys/fs/mqueue/*), Linux 6.18, with CONFIG_CHECKPOINT_RESTORE=y.
 *
 * Simplified: the caller is root with CAP_CHECKPOINT_RESTORE, so the 0444
 * `*_next_id` files are writable (ipc_permissions gives 0666). Other names
 * under /proc/sys/kernel are left to fs/proc/proc_sysctl.ts (lookup returns
 * null here), which knows which exist; the mqueue directory is modelled whole.
 */
import type { Kernel } from '../kernel';
import type { Dentry, Mount } from '../fs/vfs';
import { proc_dointvec, proc_dointvec_minmax, proc_doulongvec_minmax, type CtlData, type CtlTable, type SysctlIo } from '../kernel/sysctl';
import { proc_sys_file_ops } from '../fs/proc/proc_sys_file';
import { ENOENT, ENOTDIR, ERANGE } from '../uapi/errno';
import { IPC_MSG_IDS, IPC_SEM_IDS, IPC_SHM_IDS, type IpcNamespace } from './namespace';
import { shm_destroy_orphaned } from './shm';
import { checkpoint_restore_ns_capable, in_egroup_p } from '../kernel/cred';
import { current_cred } from '../kernel/task';

const INT_MAX = 0x7fffffff;
/** include/linux/ipc_namespace.h POSIX mqueue bounds */
const MIN_MSGMAX = 1;
const HARD_MSGMAX = 65536;
const MIN_MSGSIZEMAX = 128;
const HARD_MSGSIZEMAX = 16 * 1024 * 1024;

type NsIntField = { [F in keyof IpcNamespace]: IpcNamespace[F] extends number ? F : never }[keyof IpcNamespace];
type NsBigField = { [F in keyof IpcNamespace]: IpcNamespace[F] extends bigint ? F : never }[keyof IpcNamespace];

function int_field(f: NsIntField): CtlData<number> {
  return {
    get: (k) => k.state.ipc[f],
    set: (k, _i, v) => {
      k.state.ipc[f] = v;
    },
  };
}

function ulong_field(f: NsBigField): CtlData<bigint> {
  return {
    get: (k) => k.state.ipc[f],
    set: (k, _i, v) => {
      k.state.ipc[f] = v;
    },
  };
}

function next_id_field(which: number): CtlData<number> {
  return {
    get: (k) => k.state.ipc.ids[which]!.next_id,
    set: (k, _i, v) => {
      k.state.ipc.ids[which]!.next_id = v;
    },
  };
}

const sem_ctls_data: CtlData<number> = {
  get: (k, i) => k.state.ipc.sem_ctls[i]!,
  set: (k, i, v) => {
    k.state.ipc.sem_ctls[i] = v;
  },
};

/** proc_dointvec_minmax with the upper bound `&ipc_mni` (a boot-time value, so read at call time). */
function proc_dointvec_minmax_ipc_mni(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  return proc_dointvec_minmax(k, { ...table, extra2: k.state.ipc.ipc_mni }, write, io);
}

/** proc_ipc_dointvec_minmax_orphans: after any successful access, shm_rmid_forced = 1 destroys orphaned segments. */
function proc_ipc_dointvec_minmax_orphans(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  const err = proc_dointvec_minmax(k, table, write, io);
  if (err < 0) return err;
  if (k.state.ipc.shm_rmid_forced) shm_destroy_orphaned(k, k.probe);
  return err;
}

/** proc_ipc_auto_msgmni: a 0..1 value that is accepted and forgotten; reads are always 0. */
function proc_ipc_auto_msgmni(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  let dummy = 0;
  const data: CtlData<number> = { get: () => dummy, set: (_k, _i, v) => void (dummy = v) };
  return proc_dointvec_minmax(k, { ...table, data }, write, io);
}

/**
 * proc_ipc_sem_dointvec: the four sem_ctls, written one by one by
 * proc_dointvec; then semmni must be within 0..ipc_mni, else it (only it)
 * is restored and the write fails with -ERANGE.
 */
function proc_ipc_sem_dointvec(k: Kernel, table: CtlTable<number>, write: boolean, io: SysctlIo): number {
  const ns = k.state.ipc;
  const semmni = ns.sem_ctls[3];
  let ret = proc_dointvec(k, table, write, io);
  if (!ret && (ns.sem_ctls[3] < 0 || ns.sem_ctls[3] > ns.ipc_mni)) ret = -ERANGE;
  if (ret) ns.sem_ctls[3] = semmni;
  return ret;
}

/**
 * ipc_permissions for the next_id files: 0666 for a caller with
 * CAP_CHECKPOINT_RESTORE (or CAP_SYS_ADMIN); otherwise the owner bits for the
 * namespace's root uid (0), the group bits in its root group, else the other
 * bits, copied to all three places. The other IPC files get the same
 * treatment in the kernel, which for their 0644 decides as their own mode does.
 */
function checkpoint_restore_mode(k: Kernel, mode: number): number {
  const cred = current_cred(k);
  if (checkpoint_restore_ns_capable(cred)) return 0o666;
  if (cred.euid === 0) mode >>= 6;
  else if (in_egroup_p(cred, 0)) mode >>= 3;
  mode &= 7;
  return (mode << 6) | (mode << 3) | mode;
}

const ipc_sysctls: (CtlTable<number> | CtlTable<bigint>)[] = [
  { procname: 'shmmax', data: ulong_field('shm_ctlmax'), maxlen: 1, mode: 0o644, proc_handler: proc_doulongvec_minmax },
  { procname: 'shmall', data: ulong_field('shm_ctlall'), maxlen: 1, mode: 0o644, proc_handler: proc_doulongvec_minmax },
  { procname: 'shmmni', data: int_field('shm_ctlmni'), maxlen: 1, mode: 0o644, proc_handler: proc_dointvec_minmax_ipc_mni, extra1: 0 },
  {
    procname: 'shm_rmid_forced',
    data: int_field('shm_rmid_forced'),
    maxlen: 1,
    mode: 0o644,
    proc_handler: proc_ipc_dointvec_minmax_orphans,
    extra1: 0,
    extra2: 1,
  },
  { procname: 'msgmax', data: int_field('msg_ctlmax'), maxlen: 1, mode: 0o644, proc_handler: proc_dointvec_minmax, extra1: 0, extra2: INT_MAX },
  { procname: 'msgmni', data: int_field('msg_ctlmni'), maxlen: 1, mode: 0o644, proc_handler: proc_dointvec_minmax_ipc_mni, extra1: 0 },
  { procname: 'auto_msgmni', data: null, maxlen: 1, mode: 0o644, proc_handler: proc_ipc_auto_msgmni, extra1: 0, extra2: 1 },
  { procname: 'msgmnb', data: int_field('msg_ctlmnb'), maxlen: 1, mode: 0o644, proc_handler: proc_dointvec_minmax, extra1: 0, extra2: INT_MAX },
  { procname: 'sem', data: sem_ctls_data, maxlen: 4, mode: 0o644, proc_handler: proc_ipc_sem_dointvec },
  ...(
    [
      ['sem_next_id', IPC_SEM_IDS],
      ['msg_next_id', IPC_MSG_IDS],
      ['shm_next_id', IPC_SHM_IDS],
    ] as const
  ).map(([procname, which]): CtlTable<number> => ({
    procname,
    data: next_id_field(which),
    maxlen: 1,
    mode: 0o444,
    proc_handler: proc_dointvec_minmax,
    extra1: 0,
    extra2: INT_MAX,
    permissions: checkpoint_restore_mode,
  })),
];

function mq_field(f: NsIntField, handler: CtlTable<number>['proc_handler'], min?: number, max?: number): CtlTable<number> {
  const t: CtlTable<number> = { procname: '', data: int_field(f), maxlen: 1, mode: 0o644, proc_handler: handler };
  if (min !== undefined) t.extra1 = min;
  if (max !== undefined) t.extra2 = max;
  return t;
}

const mq_sysctls: CtlTable<number>[] = [
  { ...mq_field('mq_queues_max', proc_dointvec), procname: 'queues_max' },
  { ...mq_field('mq_msg_max', proc_dointvec_minmax, MIN_MSGMAX, HARD_MSGMAX), procname: 'msg_max' },
  { ...mq_field('mq_msgsize_max', proc_dointvec_minmax, MIN_MSGSIZEMAX, HARD_MSGSIZEMAX), procname: 'msgsize_max' },
  { ...mq_field('mq_msg_default', proc_dointvec_minmax, MIN_MSGMAX, HARD_MSGMAX), procname: 'msg_default' },
  { ...mq_field('mq_msgsize_default', proc_dointvec_minmax, MIN_MSGSIZEMAX, HARD_MSGSIZEMAX), procname: 'msgsize_default' },
];

/** Each file's Dentry, made once (a lookup hands out the same one; nothing changes a Dentry). */
function file_map(tables: readonly (CtlTable<number> | CtlTable<bigint>)[]): Map<string, Dentry> {
  const m = new Map<string, Dentry>();
  for (const t of tables) m.set(t.procname, { type: 'file', ops: proc_sys_file_ops(t as CtlTable<number>) });
  return m;
}

const kernel_files = file_map(ipc_sysctls);
const mqueue_files = file_map(mq_sysctls);
/** sysctl directories list their entries in name order */
const mqueue_names = [...mqueue_files.keys()].sort();

/** A file in a sysctl directory: the Dentry, -ENOTDIR for a path below it, or `missing` for an unknown name. */
function sysctl_lookup(files: Map<string, Dentry>, rest: string, missing: number | null): Dentry | number | null {
  const slash = rest.indexOf('/');
  const file = files.get(slash < 0 ? rest : rest.slice(0, slash));
  if (file === undefined) return missing;
  if (slash >= 0) return -ENOTDIR;
  return file;
}

const KERNEL_DIR = '/proc/sys/kernel/';
const MQUEUE_DIR = '/proc/sys/fs/mqueue/';
/** The same Dentries by whole path: the usual lookup, one Map.get on the caller's string, no slice to hash */
const kernel_paths = new Map([...kernel_files].map(([name, d]) => [KERNEL_DIR + name, d]));

/**
 * The last path found in kernel_paths and its Dentry, like a dentry cache
 * of one entry: a loop writes the same file through the same string, and
 * `===` on the same string is one pointer compare, where Map.get hashes and
 * compares the characters of a path sliced from the workload's text each
 * time. (The Dentries never change, so the cached one is never stale.)
 */
let last_path = '';
let last_dentry: Dentry | null = null;

/** The mounts for /proc/sys/kernel/<ipc sysctl> and /proc/sys/fs/mqueue/. */
export const ipc_sysctl_mounts: Mount[] = [
  {
    prefix: KERNEL_DIR,
    lookup(_k: Kernel, path: string): Dentry | number | null {
      if (path === last_path) return last_dentry;
      const d = kernel_paths.get(path);
      if (d !== undefined) {
        last_path = path;
        last_dentry = d;
        return d;
      }
      if (!path.startsWith(KERNEL_DIR)) return null;
      return sysctl_lookup(kernel_files, path.slice(KERNEL_DIR.length), null);
    },
  },
  {
    prefix: MQUEUE_DIR,
    lookup(_k: Kernel, path: string): Dentry | number | null {
      const rest = path.startsWith(MQUEUE_DIR) ? path.slice(MQUEUE_DIR.length) : '';
      if (rest.replace(/\/+$/, '') === '') return { type: 'dir', readdir: () => mqueue_names.slice() };
      return sysctl_lookup(mqueue_files, rest, -ENOENT);
    },
  },
];
