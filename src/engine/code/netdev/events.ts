/**
 * net/core/dev.c and rtnetlink.c: `ip link add` / `del`, the name scan of
 * __dev_alloc_name and the device's registration.
 */
import type { MechanismRows } from '../table';

/** The rows of the netdev events (the netdev mechanism). */
export const NETDEV_ROWS = {
  dev_name_scan: {
    mechanism: 'netdev',
    at: (ev) => ({
      fn: '__dev_alloc_name',
      line: 'scan',
      via: ['register_netdevice', 'dev_get_valid_name'],
      why: ev.bit === null ? `sscanf: ${ev.name} does not match the pattern.` : `sscanf: ${ev.name} claims number ${ev.bit}.`,
    }),
  },
  dev_name_alloc: {
    mechanism: 'netdev',
    at: (ev) => ({ fn: '__dev_alloc_name', line: 'first', via: ['register_netdevice', 'dev_get_valid_name'], why: `${ev.bit} is the first number no device claims: the name is ${ev.name}.` }),
  },
  netdev_register: { mechanism: 'netdev', at: (ev) => ({ fn: 'register_netdevice', line: 'list', via: ['rtnl_create_link'], why: `${ev.name} is registered as ifindex ${ev.ifindex}.` }) },
  netdev_unregister: { mechanism: 'netdev', at: (ev) => ({ fn: 'unregister_netdevice_many', line: 'unlist', why: `${ev.name} (ifindex ${ev.ifindex}) is unregistered.` }) },
  rtnl_request: {
    mechanism: 'netdev',
    at: (ev) => ({ fn: ev.op === 'newlink' ? 'rtnl_newlink' : 'rtnl_dellink', line: 'ret', why: `RTM_${ev.op.toUpperCase()} answers ${ev.ret === 0 ? '0 (done)' : ev.ret}.` }),
  },
} satisfies MechanismRows<'netdev'>;
