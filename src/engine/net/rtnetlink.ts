/**
 * RTM_NEWLINK and RTM_DELLINK as the workload sends them over a raw
 * rtnetlink socket (net/core/rtnetlink.c of Linux 6.18, with veth_newlink and
 * veth_dellink of drivers/net/veth.c). The result is the kernel's own errno,
 * not iproute2's client-side checks.
 *
 * Order of the checks for `ip link add [NAME] type KIND` (NLM_F_CREATE|NLM_F_EXCL):
 *  1. nla policy: IFLA_IFNAME longer than IFNAMSIZ-1 bytes → ERANGE;
 *  2. kind lookup, then ops->validate (vxlan: EINVAL);
 *  3. an existing device of that name → EEXIST (rtnl_changelink refuses
 *     NLM_F_EXCL), even for an unknown kind;
 *  4. unknown kind → EOPNOTSUPP;
 *  5. rtnl_newlink_create: name NAME or "KIND%d", then ->newlink or
 *     register_netdevice (name validity EINVAL, %d allocation, ENFILE).
 * `ip link del NAME`: ERANGE, ENODEV for no such device, EOPNOTSUPP for a
 * device without rtnl_link_ops (lo); a veth takes its peer along.
 *
 * Before any of them, rtnetlink_rcv_msg refuses a sender without
 * CAP_NET_ADMIN (EPERM): a process after the workload's `creds`.
 *
 * Simplified: no other attributes, no notifications to listeners, no
 * netns attributes. Names and kinds are byte strings.
 */
import type { Kernel } from '../kernel';
import { NO_PROBE, type Probe } from '../probe';
import { EEXIST, EINVAL, ENODEV, EOPNOTSUPP, EPERM, ERANGE } from '../uapi/errno';
import { CAP_NET_ADMIN, cap_raised } from '../kernel/cred';
import { current_cred } from '../kernel/task';
import { ARPHRD_ETHER, IFNAMSIZ, __dev_get_by_name, alloc_netdev, register_netdevice, unregister_netdevice, type NetDevice } from './core/dev';
import { rtnl_link_ops_get } from './link_ops';
import type { NetNamespace } from './net_namespace';

/** `ip link add [NAME] type KIND` as RTM_NEWLINK with NLM_F_CREATE|NLM_F_EXCL; name null = no IFLA_IFNAME. 0 or -errno */
export function rtnl_newlink(k: Kernel, name: string | null, kind: string): number {
  const p = k.probe;
  p.costs.syscalls++;
  const ret = cap_raised(current_cred(k), CAP_NET_ADMIN) ? do_newlink(k.state.net, name, kind, p) : -EPERM;
  if (p.trace) p.trace({ kind: 'rtnl_request', op: 'newlink', name, link_kind: kind, ret });
  return ret;
}

/** `ip link del NAME` as RTM_DELLINK by IFLA_IFNAME. 0 or -errno */
export function rtnl_dellink(k: Kernel, name: string): number {
  const p = k.probe;
  p.costs.syscalls++;
  const ret = cap_raised(current_cred(k), CAP_NET_ADMIN) ? do_dellink(k.state.net, name, p) : -EPERM;
  if (p.trace) p.trace({ kind: 'rtnl_request', op: 'dellink', name, link_kind: null, ret });
  return ret;
}

/** The NLA_STRING policy of IFLA_IFNAME (maximum IFNAMSIZ-1 bytes besides the NUL). */
function ifname_policy_ok(name: string): boolean {
  return name.length <= IFNAMSIZ - 1;
}

/** rtnl_newlink + __rtnl_newlink + rtnl_newlink_create for the attributes the language can send. */
export function do_newlink(net: NetNamespace, name: string | null, kind: string, p: Probe = NO_PROBE): number {
  if (name !== null && !ifname_policy_ok(name)) return -ERANGE;
  const ops = rtnl_link_ops_get(kind);
  if (ops !== null && ops.validate < 0) return ops.validate;
  // rtnl_changelink refuses NLM_F_EXCL
  if (name !== null && __dev_get_by_name(net, name) !== null) return -EEXIST;
  if (ops === null) return -EOPNOTSUPP;
  const dev = alloc_netdev(name ?? `${ops.kind}%d`, ops.type, ops.kind);
  switch (ops.newlink) {
    case 'register':
      return register_netdevice(net, dev, p);
    case 'veth':
      return veth_newlink(net, dev, p);
    case 'needs_lower_dev':
      return -EINVAL; // macvlan_common_newlink: no IFLA_LINK
  }
}

/**
 * veth_newlink without VETH_INFO_PEER: the peer ("veth%d") is registered
 * first, then the device; if the device fails, the peer is unregistered
 * again (its ifindex stays consumed).
 */
function veth_newlink(net: NetNamespace, dev: NetDevice, p: Probe): number {
  const peer = alloc_netdev('veth%d', ARPHRD_ETHER, 'veth');
  let err = register_netdevice(net, peer, p);
  if (err < 0) return err;
  err = register_netdevice(net, dev, p);
  if (err < 0) {
    unregister_netdevice(net, peer, p);
    return err;
  }
  dev.peer = peer;
  peer.peer = dev;
  return 0;
}

/** rtnl_dellink by name → rtnl_delete_link → ops->dellink. */
export function do_dellink(net: NetNamespace, name: string, p: Probe = NO_PROBE): number {
  if (!ifname_policy_ok(name)) return -ERANGE;
  const dev = __dev_get_by_name(net, name);
  if (dev === null) return -ENODEV;
  if (dev.link_kind === null) return -EOPNOTSUPP;
  const peer = dev.peer;
  unregister_netdevice(net, dev, p);
  if (peer !== null) {
    // veth_dellink: the peer goes in the same batch
    unregister_netdevice(net, peer, p);
    peer.peer = null;
    dev.peer = null;
  }
  return 0;
}
