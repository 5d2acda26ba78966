/**
 * net/core/dev.c: naming, registering and unregistering a net device.
 */
import type { CodeListing } from '../listings';

export const NETDEV_LISTINGS = {
  __dev_alloc_name: {
    name: '__dev_alloc_name',
    file: 'net/core/dev.c',
    lines: [
      ['entry', '__dev_alloc_name(net, name = "ifb%d", buf):'],
      ['bitmap', '  inuse = a zeroed bitmap of max_netdevices bits'],
      ['scan', '  for_each_netdev(net, d): if sscanf(d->name, name, &i) && i < max: set_bit(i, inuse)'],
      ['first', '  i = find_first_zero_bit(inuse, max_netdevices); snprintf(buf, IFNAMSIZ, name, i)'],
      ['ret', '  return i (-ENFILE: none free)'],
    ],
  },
  register_netdevice: {
    name: 'register_netdevice',
    file: 'net/core/dev.c',
    lines: [
      ['entry', 'register_netdevice(dev):'],
      ['name', '  dev_get_valid_name(net, dev, dev->name)    (a "%d" name → __dev_alloc_name)'],
      ['index', '  dev->ifindex = dev_index_reserve(net, ...)  [older: dev_new_index]'],
      ['list', '  list_netdevice(dev); call_netdevice_notifiers(NETDEV_REGISTER)   (→ the /proc and /proc/sys entries)'],
    ],
  },
  unregister_netdevice_many: {
    name: 'unregister_netdevice_many',
    file: 'net/core/dev.c',
    lines: [
      ['entry', 'unregister_netdevice_many(head):'],
      ['unlist', '  unlist_netdevice(dev); call_netdevice_notifiers(NETDEV_UNREGISTER)   (→ the entries go)'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
