/**
 * A network namespace as `unshare -n` creates it on the host (Linux 6.18,
 * net/core/net_namespace.c, drivers/net/loopback.c, fs/proc/proc_net.c):
 * only the loopback device `lo` (ifindex 1), the /proc/net directory with
 * the entries the host's pernet initialisers create, and the per-device
 * sysctl directories.
 *
 * Modelled: the device lists and indexes (net/core/dev.ts), the procfs tree
 * of /proc/net as proc_dir_entries (every name the host shows, so listings
 * and lookups are exact; only some files have contents, see net/proc.ts),
 * /proc/net/stat, /proc/net/dev_snmp6 with one entry per device, and the
 * sysctl directories (net/sysctl_net.ts).
 * Simplified: no sockets, routes, addresses or neighbours; the namespace is
 * never torn down.
 *
 * Everything here is plain data (structuredClone makes a checkpoint).
 */
import type { KernelConfig } from '../config';
import { NO_PROBE } from '../probe';
import { __proc_create, proc_create_data, proc_fs_init, proc_mkdir, S_IFDIR, type ProcDirEntry, type ProcDirImpl, type ProcFs } from '../fs/proc/generic';
import { ARPHRD_LOOPBACK, alloc_netdev, register_netdevice, type NetDevice } from './core/dev';
import { net_sysctl_init, type NetSysctl } from './sysctl_net';

export interface NetNamespace {
  /** every device in registration (= ascending ifindex) order */
  dev_base: NetDevice[];
  /** name → device (the name hash) */
  dev_name_head: Map<string, NetDevice>;
  /** ifindex → device (the dev_by_index xarray) */
  dev_by_index: Map<number, NetDevice>;
  /** next ifindex to try (net->ifindex, the cyclic allocator's cursor) */
  ifindex: number;
  loopback_dev: NetDevice;
  /** procfs state of this model (inode numbers, directory implementation) */
  procfs: ProcFs;
  /** /proc/net (net->proc_net) */
  proc_net: ProcDirEntry;
  /** /proc/net/stat (net->proc_net_stat) */
  proc_net_stat: ProcDirEntry;
  /** /proc/net/dev_snmp6 (net->mib.proc_net_devsnmp6) */
  proc_net_devsnmp6: ProcDirEntry;
  sysctl: NetSysctl;
}

/** Boot options of the network part that the kernel-history work may add to KernelConfig. */
export interface NetConfig {
  /** how procfs keeps a directory's children: 'rbtree' (3.19+, default) or 'list' (≤3.18) */
  proc_dir?: ProcDirImpl;
}

/** The entries of /proc/net in a fresh namespace of the host (`ls -U /proc/net`). */
export const PROC_NET_FILES: readonly string[] = (
  'arp dev raw tcp udp icmp igmp raw6 snmp stat tcp6 udp6 unix icmp6 igmp6 ptype route snmp6 packet ' +
  'psched netlink netstat rt_acct udplite anycast6 fib_trie if_inet6 mcfilter rt_cache sockstat udplite6 ' +
  'dev_mcast dev_snmp6 ip_mr_vif mcfilter6 netfilter protocols rt6_stats sockstat6 xfrm_stat xt_recent ip6_mr_vif ' +
  'ipv6_route ip_mr_cache fib_triestat ip6_mr_cache nf_conntrack softnet_stat ip6_flowlabel ipt_hashlimit ' +
  'ip6t_hashlimit ip_tables_names arp_tables_names ip6_tables_names ip_tables_matches ip_tables_targets ' +
  'arp_tables_matches arp_tables_targets ip6_tables_matches ip6_tables_targets nf_conntrack_expect'
).split(' ');

/** Directories among them (besides dev_snmp6) and their files. */
const PROC_NET_DIRS: ReadonlyMap<string, readonly string[]> = new Map([
  ['stat', ['rt_cache', 'synproxy', 'nf_conntrack']],
  ['netfilter', ['nf_log', 'nfnetlink_log', 'nfnetlink_queue']],
  ['xt_recent', []],
  ['ipt_hashlimit', []],
  ['ip6t_hashlimit', []],
]);

/** A fresh `unshare -n` namespace: `lo` only, with its /proc/net tree. */
export function create_net_ns(config: KernelConfig & NetConfig): NetNamespace {
  const procfs = proc_fs_init(config.proc_dir ?? 'rbtree');
  const p = NO_PROBE;
  const proc_net = __proc_create(procfs, 'net', S_IFDIR | 0o555, 2) as ProcDirEntry;
  // a file's show routine is named by its path below /proc/net (net/proc.ts knows which it can print)
  let proc_net_stat: ProcDirEntry | null = null;
  let proc_net_devsnmp6: ProcDirEntry | null = null;
  for (const name of PROC_NET_FILES) {
    const files = PROC_NET_DIRS.get(name);
    if (name === 'dev_snmp6') {
      proc_net_devsnmp6 = proc_mkdir(procfs, name, proc_net, p);
    } else if (files !== undefined) {
      const dir = proc_mkdir(procfs, name, proc_net, p) as ProcDirEntry;
      for (const f of files) proc_create_data(procfs, f, 0o444, dir, `${name}/${f}`, null, p);
      if (name === 'stat') proc_net_stat = dir;
    } else {
      proc_create_data(procfs, name, 0o444, proc_net, name, null, p);
    }
  }

  const lo = alloc_netdev('lo', ARPHRD_LOOPBACK, null);
  const net: NetNamespace = {
    dev_base: [],
    dev_name_head: new Map(),
    dev_by_index: new Map(),
    ifindex: 1,
    loopback_dev: lo,
    procfs,
    proc_net,
    proc_net_stat: proc_net_stat as ProcDirEntry,
    proc_net_devsnmp6: proc_net_devsnmp6 as ProcDirEntry,
    sysctl: net_sysctl_init(procfs),
  };
  register_netdevice(net, lo, p);
  return net;
}
