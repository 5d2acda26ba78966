/**
 * The link kinds `ip link add ... type KIND` can create (`struct
 * rtnl_link_ops`), as the host's Linux 6.18 build has them, reduced to what
 * decides the outcome of a request without IFLA_INFO_DATA:
 *
 * | kind    | source                       | without attributes                      |
 * |---------|------------------------------|-----------------------------------------|
 * | ifb     | drivers/net/ifb.c            | registered (name ifb%d)                 |
 * | dummy   | drivers/net/dummy.c          | registered (dummy%d) — the host lacks the driver; a kernel built with it behaves like ifb |
 * | bridge  | net/bridge/br_netlink.c      | registered (bridge%d)                   |
 * | veth    | drivers/net/veth.c           | a pair: peer veth%d first, then the device |
 * | vxlan   | drivers/net/vxlan            | ->validate: EINVAL (no attributes)      |
 * | macvlan, macvtap | drivers/net/macvlan.c, macvtap.c | ->newlink: EINVAL (no IFLA_LINK) |
 *
 * Every other kind is unknown (no module loading on the host): EOPNOTSUPP.
 * Checked with linux-oracle for vlan, ipvlan, gre, gretap, ip6gre, ipip,
 * sit, ip6tnl, vti, vti6, tun, tap, bond, team, geneve, bareudp, wireguard,
 * nlmon, vrf, xfrm, macsec, can, vcan, vxcan, hsr, netkit, gtp, batadv,
 * amt, ipoib, erspan, lowpan, rmnet, virt_wifi, wwan.
 */
import { EINVAL } from '../uapi/errno';
import { ARPHRD_ETHER } from './core/dev';

/** How ->newlink (or plain register_netdevice) creates the device. */
export type NewlinkStyle = 'register' | 'veth' | 'needs_lower_dev';

export interface RtnlLinkOps {
  kind: string;
  /** dev->type after ->setup */
  type: number;
  /** what ->validate returns without IFLA_INFO_DATA: 0 or -errno */
  validate: number;
  newlink: NewlinkStyle;
}

/** MODULE_NAME_LEN: rtnl_newlink copies the kind into a buffer of this size */
export const MODULE_NAME_LEN = 56;

const LINK_OPS: readonly RtnlLinkOps[] = [
  { kind: 'ifb', type: ARPHRD_ETHER, validate: 0, newlink: 'register' },
  { kind: 'dummy', type: ARPHRD_ETHER, validate: 0, newlink: 'register' },
  { kind: 'bridge', type: ARPHRD_ETHER, validate: 0, newlink: 'register' },
  { kind: 'veth', type: ARPHRD_ETHER, validate: 0, newlink: 'veth' },
  { kind: 'vxlan', type: ARPHRD_ETHER, validate: -EINVAL, newlink: 'register' },
  { kind: 'macvlan', type: ARPHRD_ETHER, validate: 0, newlink: 'needs_lower_dev' },
  { kind: 'macvtap', type: ARPHRD_ETHER, validate: 0, newlink: 'needs_lower_dev' },
];

const BY_KIND: ReadonlyMap<string, RtnlLinkOps> = new Map(LINK_OPS.map((o) => [o.kind, o]));

/** rtnl_link_ops_get: the ops of `kind` (bytes, cut to MODULE_NAME_LEN-1 as the kernel copies it), or null. */
export function rtnl_link_ops_get(kind: string): RtnlLinkOps | null {
  return BY_KIND.get(kind.length < MODULE_NAME_LEN ? kind : kind.slice(0, MODULE_NAME_LEN - 1)) ?? null;
}
