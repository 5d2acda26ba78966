/**
 * Network devices of one namespace (net/core/dev.c of Linux 6.18):
 * registration and unregistration, the device lists and ifindex allocation.
 * The name rules and the `%d` allocator are in dev_name.ts.
 *
 * Modelled:
 * - `dev_base`: the devices in registration order (for_each_netdev). Since
 *   ifindexes come from a cyclic allocator that only wraps after 2^31
 *   allocations, this is also ascending ifindex order (for_each_netdev_dump,
 *   which /proc/net/dev walks), which `dev_get_by_index_from` relies on.
 * - `dev_name_head`: the name hash (a Map), `dev_by_index`: the ifindex xarray.
 * - `net.ifindex`: the xa_alloc_cyclic cursor. A freed ifindex is not reused
 *   until the cursor wraps; a registration that fails after reserving one
 *   still moves the cursor.
 *
 * Simplified: no alternative names, no sysfs, no RCU, no refcounts, no
 * netdev_run_todo; the NETDEV_REGISTER/UNREGISTER notifier chain is the
 * fixed list in net/notifiers.ts.
 *
 * Names are byte strings (one char per byte, as the interpreter passes them).
 */
import { NO_PROBE, type Probe } from '../../probe';
import { EBUSY, EEXIST, EINVAL } from '../../uapi/errno';
import type { ProcDirEntry } from '../../fs/proc/generic';
import type { NetNamespace } from '../net_namespace';
import { call_netdevice_register, call_netdevice_unregister } from '../notifiers';
import { __dev_alloc_name, dev_name_format, dev_valid_name } from './dev_name';

export { IFNAMSIZ, MAX_NETDEVICES, __dev_alloc_name, dev_name_format, dev_valid_name } from './dev_name';
export const ARPHRD_ETHER = 1;
export const ARPHRD_LOOPBACK = 772;
/** the largest ifindex (xa_limit_31b); the cursor wraps to 1 after it */
const IFINDEX_MAX = 0x7fffffff;

export type RegState = 'uninitialized' | 'registered' | 'unregistered';

export interface NetDevice {
  /** bytes, at most IFNAMSIZ-1 */
  name: string;
  /** 0 until registered */
  ifindex: number;
  /** ARPHRD_* (dev->type) */
  type: number;
  /** rtnl_link_ops->kind; null for the loopback device, which has no rtnl_link_ops */
  link_kind: string | null;
  /** the other end of a veth pair */
  peer: NetDevice | null;
  reg_state: RegState;
  /** /proc/net/dev_snmp6/<name> (idev->stats.proc_dir_entry) */
  snmp6: ProcDirEntry | null;
}

/** alloc_netdev: an unregistered device whose name may still be a `%d` pattern. */
export function alloc_netdev(name: string, type: number, link_kind: string | null): NetDevice {
  return { name, ifindex: 0, type, link_kind, peer: null, reg_state: 'uninitialized', snmp6: null };
}

/** The device called `name` (a name-hash lookup), or null. */
export function __dev_get_by_name(net: NetNamespace, name: string): NetDevice | null {
  return net.dev_name_head.get(name) ?? null;
}

/** Whether a device is called `name`. */
export function netdev_name_in_use(net: NetNamespace, name: string): boolean {
  return net.dev_name_head.has(name);
}

/** Position in dev_base of the first device with an ifindex ≥ `ifindex` (dev_base.length if none). */
function dev_base_lower_bound(net: NetNamespace, ifindex: number): number {
  const devs = net.dev_base;
  let lo = 0;
  let hi = devs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (devs[mid]!.ifindex < ifindex) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** for_each_netdev_dump from `ifindex`: the device with the lowest ifindex ≥ `ifindex`, or null. */
export function dev_get_by_index_from(net: NetNamespace, ifindex: number): NetDevice | null {
  const at = dev_base_lower_bound(net, ifindex);
  return net.dev_base[at] ?? null;
}

/**
 * dev_prep_valid_name: the name `want` stands for: itself, or the `%d`
 * pattern filled in. Return: the name, or -EINVAL (invalid name or pattern),
 * -ENFILE (pattern full), -EEXIST (name taken).
 */
export function dev_prep_valid_name(net: NetNamespace, want: string, p: Probe = NO_PROBE): string | number {
  if (!dev_valid_name(want)) return -EINVAL;
  if (want.includes('%')) {
    const i = __dev_alloc_name(net, want, p);
    return i < 0 ? i : dev_name_format(want, i);
  }
  return netdev_name_in_use(net, want) ? -EEXIST : want;
}

/**
 * dev_index_reserve(net, 0): the lowest free ifindex at or above the cursor
 * (wrapping to 1 after 2^31-1), and the cursor moves past it. Bounds: [1,
 * 2^31-1]. Return: the ifindex, or -EBUSY when every one is taken.
 */
export function dev_index_reserve(net: NetNamespace): number {
  let i = net.ifindex;
  for (let tries = 0; tries <= IFINDEX_MAX; tries++, i++) {
    if (i > IFINDEX_MAX || i < 1) i = 1;
    if (!net.dev_by_index.has(i)) {
      net.ifindex = i + 1;
      return i;
    }
  }
  return -EBUSY;
}

/**
 * register_netdevice: settle the name, reserve an ifindex, list the device
 * and run the NETDEV_REGISTER notifiers (dev_snmp6, sysctl directories).
 * Return: 0 or -errno: -EINVAL/-ENFILE/-EEXIST from the name; -EEXIST also
 * when a `%d` name cut to 15 bytes equals an existing one (the kernel gets
 * it from sysfs, after the ifindex was reserved, so the cursor has moved);
 * -ENOMEM when a notifier fails (a dev_snmp6 entry that cannot be created).
 */
export function register_netdevice(net: NetNamespace, dev: NetDevice, p: Probe = NO_PROBE): number {
  const name = dev_prep_valid_name(net, dev.name, p);
  if (typeof name === 'number') return name;
  dev.name = name;
  const ifindex = dev_index_reserve(net);
  if (ifindex < 0) return ifindex;
  if (netdev_name_in_use(net, name)) return -EEXIST; // netdev_register_kobject: sysfs name clash
  dev.ifindex = ifindex;
  net.dev_by_index.set(ifindex, dev);
  net.dev_name_head.set(name, dev);
  net.dev_base.push(dev);
  dev.reg_state = 'registered';
  const err = call_netdevice_register(net, dev, p);
  if (err < 0) {
    unlist_netdevice(net, dev);
    return err;
  }
  p.costs.netdev_register++;
  if (p.trace) p.trace({ kind: 'netdev_register', name, ifindex });
  return 0;
}

function unlist_netdevice(net: NetNamespace, dev: NetDevice): void {
  net.dev_by_index.delete(dev.ifindex);
  net.dev_name_head.delete(dev.name);
  const at = dev_base_lower_bound(net, dev.ifindex);
  if (net.dev_base[at] === dev) net.dev_base.splice(at, 1);
  dev.reg_state = 'unregistered';
}

/** unregister_netdevice: NETDEV_UNREGISTER notifiers, then off every list. The ifindex is freed, the cursor stays. */
export function unregister_netdevice(net: NetNamespace, dev: NetDevice, p: Probe = NO_PROBE): void {
  if (dev.reg_state !== 'registered') return;
  call_netdevice_unregister(net, dev, p);
  unlist_netdevice(net, dev);
  p.costs.netdev_unregister++;
  if (p.trace) p.trace({ kind: 'netdev_unregister', name: dev.name, ifindex: dev.ifindex });
}
