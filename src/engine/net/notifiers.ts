/**
 * What NETDEV_REGISTER and NETDEV_UNREGISTER do to the parts of a namespace
 * the model shows (Linux 6.18): IPv6 `addrconf_notify` → `ipv6_add_dev` →
 * `snmp6_register_dev` creates /proc/net/dev_snmp6/<name> and
 * `addrconf_sysctl_register` the ipv6 conf and neigh directories; IPv4
 * `inetdev_event` → `inetdev_init` → `devinet_sysctl_register` the ipv4
 * conf and neigh directories. Unregistering removes them again.
 *
 * Simplified: the notifier chain is this fixed sequence; every device gets
 * IPv4 and IPv6 state (true for the kinds modelled, whose MTU is at least
 * the IPv6 minimum of 1280); addresses, routes and multicast lists are not
 * kept (the /proc/net files that list them print the fixed entries a device
 * that is down has).
 */
import { NO_PROBE, type Probe } from '../probe';
import { ENOMEM } from '../uapi/errno';
import { proc_create_data, remove_proc_entry } from '../fs/proc/generic';
import type { NetDevice } from './core/dev';
import type { NetNamespace } from './net_namespace';
import { sysctl_erase, sysctl_insert } from './sysctl_net';

/** show routine of /proc/net/dev_snmp6/<name> */
export const SNMP6_DEV_SHOW = 'snmp6_dev_seq_show';

/** NETDEV_REGISTER. Return: 0, or -ENOMEM when the dev_snmp6 entry cannot be created (a duplicate name). */
export function call_netdevice_register(net: NetNamespace, dev: NetDevice, p: Probe = NO_PROBE): number {
  // inetdev_init
  const s = net.sysctl;
  const ids = net.procfs;
  sysctl_insert(ids, s.ipv4_neigh, dev.name, p);
  sysctl_insert(ids, s.ipv4_conf, dev.name, p);
  // ipv6_add_dev
  sysctl_insert(ids, s.ipv6_neigh, dev.name, p);
  const de = proc_create_data(net.procfs, dev.name, 0o444, net.proc_net_devsnmp6, SNMP6_DEV_SHOW, dev.ifindex, p);
  if (de === null) {
    sysctl_erase(s.ipv6_neigh, dev.name, p);
    sysctl_erase(s.ipv4_conf, dev.name, p);
    sysctl_erase(s.ipv4_neigh, dev.name, p);
    return -ENOMEM;
  }
  dev.snmp6 = de;
  sysctl_insert(ids, s.ipv6_conf, dev.name, p);
  return 0;
}

/** NETDEV_UNREGISTER (addrconf_ifdown, inetdev_destroy). */
export function call_netdevice_unregister(net: NetNamespace, dev: NetDevice, p: Probe = NO_PROBE): void {
  const s = net.sysctl;
  sysctl_erase(s.ipv6_conf, dev.name, p);
  if (dev.snmp6 !== null) {
    remove_proc_entry(net.procfs, dev.name, net.proc_net_devsnmp6, p);
    dev.snmp6 = null;
  }
  sysctl_erase(s.ipv6_neigh, dev.name, p);
  sysctl_erase(s.ipv4_conf, dev.name, p);
  sysctl_erase(s.ipv4_neigh, dev.name, p);
}
