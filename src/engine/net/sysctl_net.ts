/**
 * The per-device sysctl directories of a network namespace
 * (/proc/sys/net/{ipv4,ipv6}/{conf,neigh}/<dev>), as fs/proc/proc_sysctl.c
 * of Linux 6.18 keeps them: each `ctl_dir` holds its entries in its own
 * rb-tree ordered by `namecmp` (memcmp over the shorter length, then the
 * shorter name first: plain lexicographic order, unlike procfs's
 * length-first order), and readdir (`proc_sys_readdir` → `scan`) skips the
 * entries before the file position from the first one on every getdents call.
 *
 * Modelled: the four directories whose entries change with the devices
 * (`devinet_sysctl_register`, `addrconf_sysctl_register`,
 * `neigh_sysctl_register` add `<dev>`; conf also holds "all" and "default";
 * neigh has no "default" outside the initial namespace) and the listing of
 * each device directory (the same fixed file names for every device, read
 * from the host). Simplified: the files inside a device directory are a
 * constant list, not a tree of ctl_table entries; no ctl_table_header
 * bookkeeping, no values (reading or writing a file is not modelled).
 *
 * Names are byte strings.
 */
import { NO_PROBE, type Probe } from '../probe';
import { RB_ROOT, rb_erase, rb_find_link, rb_first, rb_insert_color, rb_link_node, rb_next, rb_node_init } from '../lib/rbtree';
import type { RbNode, RbRoot } from '../lib/rbtree';
import { dir_emit, dir_emit_dots, iterate_dir_to_end, type DirContext } from '../fs/readdir';

/** One entry of a ctl_dir (`struct ctl_node`): here always a device or all/default directory. */
export interface CtlNode {
  name: string;
  node: RbNode<CtlNode>;
}

export interface CtlDir {
  /** path below /proc/sys, e.g. "net/ipv4/conf" */
  path: string;
  root: RbRoot<CtlNode>;
  /** the file names of each directory in this one (the same for every device) */
  files: readonly string[];
}

export interface NetSysctl {
  ipv4_conf: CtlDir;
  ipv4_neigh: CtlDir;
  ipv6_conf: CtlDir;
  ipv6_neigh: CtlDir;
}

/** Where new nodes get their rb_id (the namespace's ProcFs, so that ids are unique across its trees). */
export interface NodeIds {
  next_node_id: number;
}

const words = (s: string): readonly string[] => s.trim().split(/\s+/);

/** ls -U /proc/sys/net in a fresh namespace of the host */
export const NET_SYSCTL_DIRS = words('bridge core ipv4 ipv6 mptcp netfilter unix');

export const IPV4_CONF_FILES = words(`
  accept_local accept_redirects accept_source_route arp_accept arp_announce arp_evict_nocarrier arp_filter
  arp_ignore arp_notify bc_forwarding bootp_relay disable_policy disable_xfrm drop_gratuitous_arp
  drop_unicast_in_l2_multicast force_igmp_version forwarding igmpv2_unsolicited_report_interval
  igmpv3_unsolicited_report_interval ignore_routes_with_linkdown log_martians mc_forwarding medium_id
  promote_secondaries proxy_arp proxy_arp_pvlan route_localnet rp_filter secure_redirects send_redirects
  shared_media src_valid_mark tag`);

export const NEIGH_FILES = words(`
  anycast_delay app_solicit base_reachable_time base_reachable_time_ms delay_first_probe_time gc_stale_time
  interval_probe_time_ms locktime mcast_resolicit mcast_solicit proxy_delay proxy_qlen retrans_time
  retrans_time_ms ucast_solicit unres_qlen unres_qlen_bytes`);

export const IPV6_CONF_FILES = words(`
  accept_dad accept_ra accept_ra_defrtr accept_ra_from_local accept_ra_min_hop_limit accept_ra_min_lft
  accept_ra_mtu accept_ra_pinfo accept_ra_rt_info_max_plen accept_ra_rt_info_min_plen accept_ra_rtr_pref
  accept_redirects accept_source_route accept_untracked_na addr_gen_mode autoconf dad_transmits disable_ipv6
  disable_policy drop_unicast_in_l2_multicast drop_unsolicited_na enhanced_dad force_forwarding
  force_mld_version force_tllao forwarding hop_limit ignore_routes_with_linkdown ioam6_enabled ioam6_id
  ioam6_id_wide keep_addr_on_down max_addresses max_desync_factor mc_forwarding
  mldv1_unsolicited_report_interval mldv2_unsolicited_report_interval mtu ndisc_evict_nocarrier ndisc_notify
  ndisc_tclass optimistic_dad proxy_ndp ra_defrtr_metric ra_honor_pio_life ra_honor_pio_pflag regen_max_retry
  regen_min_advance router_probe_interval router_solicitation_delay router_solicitation_interval
  router_solicitation_max_interval router_solicitations rpl_seg_enabled seg6_enabled seg6_require_hmac
  stable_secret suppress_frag_ndisc temp_prefered_lft temp_valid_lft use_oif_addrs_only use_optimistic
  use_tempaddr`);

/** fs/proc/proc_sysctl.c namecmp: memcmp over the common length, then the shorter first. */
export function namecmp(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function ctl_dir(path: string, files: readonly string[]): CtlDir {
  return { path, root: RB_ROOT(), files };
}

/** The four directories of a fresh namespace: conf holds "all" and "default". */
export function net_sysctl_init(ids: NodeIds): NetSysctl {
  const s: NetSysctl = {
    ipv4_conf: ctl_dir('net/ipv4/conf', IPV4_CONF_FILES),
    ipv4_neigh: ctl_dir('net/ipv4/neigh', NEIGH_FILES),
    ipv6_conf: ctl_dir('net/ipv6/conf', IPV6_CONF_FILES),
    ipv6_neigh: ctl_dir('net/ipv6/neigh', NEIGH_FILES),
  };
  for (const d of [s.ipv4_conf, s.ipv6_conf]) {
    sysctl_insert(ids, d, 'all');
    sysctl_insert(ids, d, 'default');
  }
  return s;
}

function compared(node: RbNode<CtlNode>, r: number, p: Probe): void {
  p.costs.rb_compares++;
  if (p.trace) p.trace({ kind: 'rb_compare', node: node.rb_id, key: node.entry.name, dir: r < 0 ? -1 : r > 0 ? 1 : 0 });
}

/** find_entry: the entry called `name` in `dir`, or null. */
export function sysctl_find(dir: CtlDir, name: string, p: Probe = NO_PROBE): CtlNode | null {
  let n = dir.root.rb_node;
  while (n !== null) {
    const r = namecmp(name, n.entry.name);
    compared(n, r, p);
    if (r < 0) n = n.rb_left;
    else if (r > 0) n = n.rb_right;
    else return n.entry;
  }
  return null;
}

/** insert_entry: add `name` to `dir`; false (and nothing changed) if it exists (the kernel reports -EEXIST). */
export function sysctl_insert(ids: NodeIds, dir: CtlDir, name: string, p: Probe = NO_PROBE): boolean {
  const at = rb_find_link(dir.root, (n) => {
    const r = namecmp(name, n.entry.name);
    compared(n, r, p);
    return r;
  });
  if (at === null) return false;
  const entry: CtlNode = { name, node: null as unknown as RbNode<CtlNode> };
  entry.node = rb_node_init(entry, ids.next_node_id++);
  rb_link_node(dir.root, entry.node, at.parent, at.side, p, name);
  rb_insert_color(entry.node, dir.root, p);
  return true;
}

/** erase_entry: remove `name` from `dir`; false if absent. */
export function sysctl_erase(dir: CtlDir, name: string, p: Probe = NO_PROBE): boolean {
  const e = sysctl_find(dir, name, p);
  if (e === null) return false;
  rb_erase(e.node, dir.root, p, name);
  return true;
}

/**
 * One getdents call on `dir` (`proc_sys_readdir`): "." and "..", then walk
 * every entry from the first, skipping those before the file position.
 */
function proc_sys_readdir(dir: CtlDir, ctx: DirContext, p: Probe): void {
  if (!dir_emit_dots(ctx)) return;
  let pos = 2;
  for (let n = rb_first(dir.root); n !== null; n = rb_next(n, p)) {
    if (pos++ < ctx.pos) continue;
    if (!dir_emit(ctx, n.entry.name)) return;
    ctx.pos = pos;
  }
}

/** The entries of `dir` as `ls -U` lists them. */
export function sysctl_readdir(dir: CtlDir, p: Probe = NO_PROBE): string[] {
  return iterate_dir_to_end((ctx) => proc_sys_readdir(dir, ctx, p), p);
}

/** A fixed listing read through getdents (the files of a device directory, /proc/sys/net itself). */
export function static_readdir(names: readonly string[], p: Probe = NO_PROBE): string[] {
  return iterate_dir_to_end((ctx) => {
    if (!dir_emit_dots(ctx)) return;
    for (let i = ctx.pos - 2; i < names.length; i++) {
      if (!dir_emit(ctx, names[i]!)) return;
      ctx.pos++;
    }
  }, p);
}
