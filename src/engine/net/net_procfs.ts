/**
 * The contents of the /proc/net files the model prints (Linux 6.18), as
 * seq_file iterators over the namespace's devices:
 * - `dev` and `dev_mcast` (net/core/net-procfs.c): a header token at
 *   position 0, then the devices by ifindex (`for_each_netdev_dump`: the
 *   position is the last ifindex shown, the next start looks for the first
 *   device at or above position+1);
 * - `igmp6` (net/ipv6/mcast.c): every device's IPv6 multicast memberships;
 * - `dev_snmp6/<dev>` (net/ipv6/proc.c snmp6_dev_seq_show, single_open);
 * - the fixed texts of net/proc_static.ts (single record each).
 *
 * Simplified: every counter is zero (nothing is ever sent); a device that is
 * down (all of them: the language cannot set a link up) has exactly the two
 * all-nodes memberships ff02::1 and ff01::1 that ipv6_add_dev joins, and,
 * unless it is the loopback, the one Ethernet filter 33:33:00:00:00:01 they
 * map to.
 */
import type { Kernel } from '../kernel';
import type { FileOps } from '../fs/vfs';
import { seq_file_ops, seq_puts, type SeqFile, type SeqOperations } from '../fs/seq_file';
import { ARPHRD_LOOPBACK, dev_get_by_index_from, type NetDevice } from './core/dev';
import { SNMP6_DEV_SHOW } from './notifiers';
import { DEV_SNMP6_MIBS, PROC_NET_STATIC } from './proc_static';

/** SEQ_START_TOKEN */
const START = 'start' as const;
type DevOrStart = NetDevice | typeof START;

const DEV_HEADER =
  'Inter-|   Receive                                                |  Transmit\n' +
  ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n';

/** the sixteen counters after "%6s:", all zero, in their printf widths */
const DEV_ZERO_STATS = [7, 7, 4, 4, 4, 5, 10, 9, 8, 7, 4, 4, 4, 5, 7, 10].map((w) => ' ' + '0'.padStart(w)).join('') + '\n';

function dev_seq_from_index(k: Kernel, m: { index: number }): NetDevice | null {
  const dev = dev_get_by_index_from(k.state.net, m.index);
  if (dev !== null) m.index = dev.ifindex;
  return dev;
}

function dev_iterator(show: (m: SeqFile<DevOrStart>, dev: NetDevice) => void, header: string): SeqOperations<DevOrStart> {
  return {
    start: (k, m) => (m.index === 0 ? START : dev_seq_from_index(k, m)),
    next: (k, m) => {
      m.index++;
      return dev_seq_from_index(k, m);
    },
    stop: () => {},
    show: (_k, m, v) => {
      if (v === START) {
        if (header) seq_puts(m, header);
      } else show(m, v);
      return 0;
    },
  };
}

/** /proc/net/dev: `%6s:` and the zero counters per device */
const dev_seq_ops = dev_iterator((m, dev) => seq_puts(m, dev.name.padStart(6) + ':' + DEV_ZERO_STATS), DEV_HEADER);

/** /proc/net/dev_mcast: `%-4d %-15s %-5d %-5d %*phN` per hardware multicast address */
const dev_mc_seq_ops = dev_iterator((m, dev) => {
  if (dev.type === ARPHRD_LOOPBACK) return;
  seq_puts(m, `${String(dev.ifindex).padEnd(4)} ${dev.name.padEnd(15)} ${'1'.padEnd(5)} ${'0'.padEnd(5)} 333300000001\n`);
}, '');

/** the memberships of a down device, newest first as in idev->mc_list: address and mca_flags */
const IGMP6_GROUPS: readonly (readonly [string, string])[] = [
  ['ff020000000000000000000000000001', '0000000C'],
  ['ff010000000000000000000000000001', '00000008'],
];

/** /proc/net/igmp6: position = record number over (device, membership) */
const igmp6_mc_seq_ops: SeqOperations<number> = {
  start: (k, m) => (m.index < k.state.net.dev_base.length * IGMP6_GROUPS.length ? m.index : null),
  next: (k, m) => {
    m.index++;
    return m.index < k.state.net.dev_base.length * IGMP6_GROUPS.length ? m.index : null;
  },
  stop: () => {},
  show: (k, m, v) => {
    const dev = k.state.net.dev_base[Math.floor(v / IGMP6_GROUPS.length)]!;
    const [addr, flags] = IGMP6_GROUPS[v % IGMP6_GROUPS.length]!;
    seq_puts(m, `${String(dev.ifindex).padEnd(4)} ${dev.name.padEnd(15)} ${addr} ${'1'.padStart(5)} ${flags} 0\n`);
    return 0;
  },
};

/** single_open: one record, the whole text */
function single_text(text: (k: Kernel, data: unknown) => string): SeqOperations<number> {
  return {
    start: (_k, m) => (m.index === 0 ? 0 : null),
    next: (_k, m) => {
      m.index++;
      return null;
    },
    stop: () => {},
    show: (k, m) => {
      seq_puts(m, text(k, m.private));
      return 0;
    },
  };
}

/** /proc/net/dev_snmp6/<dev>: data = the device's ifindex */
const snmp6_dev_seq_ops = single_text((_k, ifindex) => 'ifIndex'.padEnd(32) + '\t' + String(ifindex) + '\n' + DEV_SNMP6_MIBS);

const DYNAMIC: ReadonlyMap<string, FileOps> = new Map([
  ['dev', seq_file_ops(dev_seq_ops, () => null)],
  ['dev_mcast', seq_file_ops(dev_mc_seq_ops, () => null)],
  ['igmp6', seq_file_ops(igmp6_mc_seq_ops, () => null)],
]);

/**
 * The file operations of the /proc/net file whose show routine is `show`
 * (with private `data`), or null when its contents are not modelled.
 */
export function net_proc_file_ops(show: string, data: unknown): FileOps | null {
  if (show === SNMP6_DEV_SHOW) return seq_file_ops(snmp6_dev_seq_ops, () => data);
  const ops = DYNAMIC.get(show);
  if (ops !== undefined) return ops;
  if (!Object.prototype.hasOwnProperty.call(PROC_NET_STATIC, show)) return null;
  const text = PROC_NET_STATIC[show]!;
  return seq_file_ops(
    single_text(() => text),
    () => null,
  );
}
