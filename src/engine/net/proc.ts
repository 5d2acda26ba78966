/**
 * Where the network namespace shows up in the file system: /proc/net (also
 * reached as /proc/self/net) and /proc/sys/net.
 *
 * /proc/net is walked through the namespace's proc_dir_entry tree
 * (`proc_lookup_de` → pde_subdir_find, costs counted), so every name the host
 * has exists, a missing one is ENOENT, a path through a file ENOTDIR, and
 * listings come from `proc_readdir_de`. Files print through net/net_procfs.ts;
 * those whose contents are not modelled (sockets, x_tables, per-CPU stats,
 * ...) resolve to null, which the VFS reports as an unmodelled path.
 *
 * /proc/sys/net: the top-level listing, and the per-device directories under
 * ipv4/ipv6 conf/neigh (net/sysctl_net.ts). Everything else below it, and
 * every sysctl file's value, is not modelled (null).
 *
 * Paths are byte strings. "." components are skipped; ".." goes to the
 * parent entry (above the mount point: not modelled).
 */
import type { Kernel } from '../kernel';
import type { Dentry, Mount } from '../fs/vfs';
import { ENOENT, ENOTDIR } from '../uapi/errno';
import { pde_subdir_find, proc_readdir, S_ISDIR, type ProcDirEntry } from '../fs/proc/generic';
import { net_proc_file_ops } from './net_procfs';
import { NET_SYSCTL_DIRS, static_readdir, sysctl_find, sysctl_readdir, type CtlDir } from './sysctl_net';

/** The components after `base`, and whether the path ended in '/'. */
function components(path: string, base: string): { parts: string[]; slash: boolean } {
  const rest = path.slice(base.length);
  return { parts: rest.split('/').filter((c) => c !== '' && c !== '.'), slash: rest.endsWith('/') };
}

function proc_net_lookup(k: Kernel, path: string, base: string): Dentry | number | null {
  const net = k.state.net;
  const fs = net.procfs;
  const { parts, slash } = components(path, base);
  let de: ProcDirEntry = net.proc_net;
  for (const name of parts) {
    if (!S_ISDIR(de.mode)) return -ENOTDIR;
    if (name === '..') {
      if (de.parent === null) return null;
      de = de.parent;
      continue;
    }
    const child = pde_subdir_find(fs, de, name, k.probe);
    if (child === null) return -ENOENT;
    de = child;
  }
  if (S_ISDIR(de.mode)) {
    const dir = de;
    return { type: 'dir', readdir: (kk: Kernel) => proc_readdir(kk.state.net.procfs, dir, kk.probe) };
  }
  if (slash) return -ENOTDIR;
  const ops = de.show === null ? null : net_proc_file_ops(de.show, de.data);
  return ops === null ? null : { type: 'file', ops };
}

function ctl_dir_of(k: Kernel, proto: string, table: string): CtlDir | null {
  const s = k.state.net.sysctl;
  if (proto === 'ipv4') return table === 'conf' ? s.ipv4_conf : table === 'neigh' ? s.ipv4_neigh : null;
  if (proto === 'ipv6') return table === 'conf' ? s.ipv6_conf : table === 'neigh' ? s.ipv6_neigh : null;
  return null;
}

function sys_net_lookup(k: Kernel, path: string): Dentry | number | null {
  const { parts } = components(path, '/proc/sys/net');
  if (parts.includes('..')) return null;
  if (parts.length === 0) return { type: 'dir', readdir: (kk: Kernel) => static_readdir(NET_SYSCTL_DIRS, kk.probe) };
  const [proto, table, device, file] = parts as [string, ...(string | undefined)[]];
  if (!NET_SYSCTL_DIRS.includes(proto)) return -ENOENT;
  if (table === undefined) return null;
  const dir = ctl_dir_of(k, proto, table);
  if (dir === null) return null;
  if (parts.length === 2) return { type: 'dir', readdir: (kk: Kernel) => sysctl_readdir(dir, kk.probe) };
  if (sysctl_find(dir, device!, k.probe) === null) return -ENOENT;
  if (file === undefined) return { type: 'dir', readdir: (kk: Kernel) => static_readdir(dir.files, kk.probe) };
  if (!dir.files.includes(file)) return -ENOENT;
  return parts.length === 4 ? null : -ENOTDIR;
}

/** The mounts of the network namespace, for fs/proc/root.ts. */
export const net_mounts: Mount[] = [
  { prefix: '/proc/net/', lookup: (k, path) => proc_net_lookup(k, path, '/proc/net') },
  { prefix: '/proc/self/net/', lookup: (k, path) => proc_net_lookup(k, path, '/proc/self/net') },
  { prefix: '/proc/sys/net/', lookup: sys_net_lookup },
];
