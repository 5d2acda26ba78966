/**
 * The read/write glue of fs/proc/proc_sysctl.c, Linux 6.18, that turns a
 * ctl_table (kernel/sysctl.ts) into a file's FileOps: the permission
 * check at open (proc_sys_permission → sysctl_perm → test_perm) and
 * proc_sys_call_handler, which runs the table's proc_handler on one read(2)
 * or write(2) at the file's position.
 *
 * Simplified: no ctl_table_header reference counting (tables are never
 * unregistered), no BPF cgroup sysctl hook; the buffer is a JS string, one
 * char per byte.
 *
 * Glossary: mode = the table's rwx bits (or what the root's permissions()
 * make of them); op = MAY_READ / MAY_WRITE, the access asked for; lenp /
 * ppos = the handler's `*lenp` (bytes given or room to fill) and `*ppos`
 * (the file position it advances).
 */
import type { Kernel } from '../../kernel';
import { in_egroup_p, type Cred } from '../../kernel/cred';
import type { CtlTable, SysctlIo } from '../../kernel/sysctl';
import { current_cred } from '../../kernel/task';
import type { FileOps, OpenFile } from '../vfs';
import { O_WRONLY } from '../vfs';
import { EACCES, ENOMEM, EPERM } from '../../uapi/errno';

/** KMALLOC_MAX_SIZE on x86_64 (order-10 pages) */
const KMALLOC_MAX_SIZE = 1 << 22;
const MAY_WRITE = 2;
const MAY_READ = 4;

/**
 * test_perm: the owner bits for euid 0, the group bits for a member of
 * group 0 (in_egroup_p), else the other bits; no capability overrides them
 * (proc_sys_permission replaces the generic DAC check). Return: 0 or -EACCES.
 */
export function test_perm(cred: Readonly<Cred>, mode: number, op: number): number {
  if (cred.euid === 0) mode >>= 6;
  else if (in_egroup_p(cred, 0)) mode >>= 3;
  return (op & ~mode & 7) === 0 ? 0 : -EACCES;
}

/** sysctl_perm: test_perm on the table's mode, or on what the root's permissions() make of it. Return: 0 or -EACCES. */
export function sysctl_perm<V>(k: Kernel, table: CtlTable<V>, op: number): number {
  return test_perm(current_cred(k), table.permissions ? table.permissions(k, table.mode) : table.mode, op);
}

/** The handler call's `buf`/`*lenp`/`*ppos`, one object reset per call (handlers do not nest, and nothing keeps it). */
const call_io: SysctlIo = { buf: '', lenp: 0, ppos: 0 };

/**
 * proc_sys_call_handler: one read(2) or write(2) of a sysctl file at f.pos.
 * Return: the bytes read / the count written (possibly less than given), or
 * -EPERM, -ENOMEM, or the handler's -errno.
 */
function proc_sys_call_handler<V>(k: Kernel, table: CtlTable<V>, f: OpenFile, write: boolean, data: string, count: number): string | number {
  if (sysctl_perm(k, table, write ? MAY_WRITE : MAY_READ)) return -EPERM;
  if (count >= KMALLOC_MAX_SIZE) return -ENOMEM;
  if (write) k.probe.costs.sysctl_writes++;
  const io = call_io;
  io.buf = write ? data : '';
  io.lenp = count;
  io.ppos = f.pos;
  const err = table.proc_handler(k, table, write, io);
  const out = io.buf;
  io.buf = ''; // the text is not kept alive until the next call
  if (err) return err;
  f.pos = io.ppos;
  return write ? io.lenp : out;
}

/** The FileOps of a /proc/sys file backed by `table`; open checks the permission (-EACCES). */
export function proc_sys_file_ops<V>(table: CtlTable<V>): FileOps {
  return {
    open(k: Kernel, f: OpenFile): number {
      const acc = f.flags & 3;
      const mask = acc === O_WRONLY ? MAY_WRITE : acc === 2 ? MAY_READ | MAY_WRITE : MAY_READ;
      return sysctl_perm(k, table, mask);
    },
    read(k: Kernel, f: OpenFile, count: number): string | number {
      return proc_sys_call_handler(k, table, f, false, '', count);
    },
    write(k: Kernel, f: OpenFile, data: string): number {
      const r = proc_sys_call_handler(k, table, f, true, data, data.length);
      return typeof r === 'number' ? r : r.length;
    },
  };
}
