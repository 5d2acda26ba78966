import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createKernel, type Kernel } from '../kernel';
import { O_RDONLY, O_WRONLY, sys_close, sys_listdir, sys_open, sys_read, UnmodeledPathError } from '../fs/vfs';
import { EISDIR, ENOENT, ENOTDIR } from '../uapi/errno';
import { rtnl_dellink, rtnl_newlink } from './rtnetlink';
import { PROC_NET_FILES } from './net_namespace';

function cat(k: Kernel, path: string, count = 131072): string | number {
  const fd = sys_open(k, path, O_RDONLY);
  if (fd < 0) return fd;
  let out = '';
  for (;;) {
    const r = sys_read(k, fd, count);
    if (typeof r === 'number') return r;
    if (r === '') break;
    out += r;
  }
  sys_close(k, fd);
  return out;
}

const ZEROS = '       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0\n';

describe('/proc/net', () => {
  it('lists the 61 entries of a fresh namespace in procfs order', () => {
    const k = createKernel();
    const names = sys_listdir(k, '/proc/net') as string[];
    expect(names.length).toBe(61);
    expect(names.slice(0, 8)).toEqual(['arp', 'dev', 'raw', 'tcp', 'udp', 'icmp', 'igmp', 'raw6']);
    expect(names.at(-1)).toBe('nf_conntrack_expect');
    expect(new Set(names)).toEqual(new Set(PROC_NET_FILES));
    expect(sys_listdir(k, '/proc/self/net/')).toEqual(names);
    expect(sys_listdir(k, '/proc/net/stat')).toEqual(['rt_cache', 'synproxy', 'nf_conntrack']);
  });

  it('prints /proc/net/dev with %6s names and zero counters, in ifindex order', () => {
    const k = createKernel();
    rtnl_newlink(k, null, 'ifb');
    rtnl_newlink(k, null, 'bridge');
    const text = cat(k, '/proc/net/dev');
    expect(text).toBe(
      'Inter-|   Receive                                                |  Transmit\n' +
        ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n' +
        `    lo:${ZEROS}  ifb0:${ZEROS}bridge0:${ZEROS}`,
    );
  });

  it('prints the device ifindex at the top of dev_snmp6/<dev>, then 68 zero MIB lines', () => {
    const k = createKernel();
    rtnl_newlink(k, 'a/b', 'veth');
    rtnl_newlink(k, null, 'ifb');
    const text = cat(k, '/proc/net/dev_snmp6/ifb0') as string;
    const lines = text.split('\n');
    expect(lines.length).toBe(70);
    expect(lines[0]).toBe('ifIndex                         \t3');
    expect(lines[1]).toBe('Ip6InReceives                   \t0');
    expect(lines[68]).toBe('Icmp6OutMLDv2Reports            \t0');
  });

  it('answers ENOENT, ENOTDIR and EISDIR like the kernel', () => {
    const k = createKernel();
    expect(cat(k, '/proc/net/nosuch')).toBe(-ENOENT);
    expect(cat(k, '/proc/net/dev/x')).toBe(-ENOTDIR);
    expect(cat(k, '/proc/net/dev/')).toBe(-ENOTDIR);
    expect(sys_listdir(k, '/proc/net/dev')).toBe(-ENOTDIR);
    expect(cat(k, '/proc/net/dev_snmp6')).toBe(-EISDIR);
    expect(cat(k, '/proc/net/dev_snmp6/ifb0')).toBe(-ENOENT);
    expect(sys_listdir(k, '/proc/net/dev_snmp6/../stat')).toEqual(['rt_cache', 'synproxy', 'nf_conntrack']);
    expect(typeof cat(k, '/proc/net//./dev')).toBe('string');
  });

  it('reports files it does not model as unmodelled paths', () => {
    const k = createKernel();
    for (const path of ['/proc/net/sockstat', '/proc/net/netlink', '/proc/net/stat/rt_cache', '/proc/net/..']) {
      expect(() => sys_open(k, path, O_RDONLY)).toThrow(UnmodeledPathError);
    }
  });

  it('removes dev_snmp6/<dev> with the device', () => {
    const k = createKernel();
    rtnl_newlink(k, null, 'ifb');
    expect(sys_listdir(k, '/proc/net/dev_snmp6')).toEqual(['lo', 'ifb0']);
    rtnl_dellink(k, 'ifb0');
    expect(sys_listdir(k, '/proc/net/dev_snmp6')).toEqual(['lo']);
    expect(cat(k, '/proc/net/dev_snmp6/ifb0')).toBe(-ENOENT);
  });

  it('gives the same bytes whatever the read size (seq_file)', () => {
    const k = createKernel();
    for (let i = 0; i < 60; i++) rtnl_newlink(k, null, i % 3 ? 'ifb' : 'veth');
    const whole = cat(k, '/proc/net/dev') as string;
    expect(whole.length).toBeGreaterThan(2 * 4096);
    for (const path of ['/proc/net/dev', '/proc/net/igmp6', '/proc/net/dev_mcast', '/proc/net/dev_snmp6/veth7', '/proc/net/snmp6']) {
      const ref = cat(k, path);
      fc.assert(
        fc.property(fc.constantFrom(1, 7, 100, 4095, 4096, 131072), fc.integer({ min: 1, max: 9000 }), (a, b) => {
          expect(cat(k, path, a)).toBe(ref);
          expect(cat(k, path, b)).toBe(ref);
        }),
        { numRuns: 10 },
      );
    }
  });

  it('returns the read() sizes the host returns for /proc/net/dev and igmp6 with 100 ifbs', () => {
    // measured in `unshare -n` after 100 × `ip link add type ifb`, with os.read(fd, 131072) / (fd, 1000)
    const sizes = (path: string, count: number, n: number) => {
      const fd = sys_open(k, path, O_RDONLY);
      const out = Array.from({ length: n }, () => (sys_read(k, fd, count) as string).length);
      sys_close(k, fd);
      return out;
    };
    const k = createKernel();
    for (let i = 0; i < 100; i++) rtnl_newlink(k, null, 'ifb');
    expect(sizes('/proc/net/dev', 131072, 5)).toEqual([4013, 4059, 4059, 492, 0]);
    expect(sizes('/proc/net/igmp6', 131072, 5)).toEqual([4047, 4047, 4047, 2201, 0]);
    expect(sizes('/proc/net/dev', 1000, 14)).toEqual([...Array(12).fill(1000), 623, 0]);
  });
});

describe('/proc/sys/net', () => {
  it('lists the top directory and the per-device directories in lexicographic order', () => {
    const k = createKernel();
    rtnl_newlink(k, 'ifb10', 'ifb');
    rtnl_newlink(k, 'ifb2', 'ifb');
    expect(sys_listdir(k, '/proc/sys/net')).toEqual(['bridge', 'core', 'ipv4', 'ipv6', 'mptcp', 'netfilter', 'unix']);
    expect(sys_listdir(k, '/proc/sys/net/ipv4/conf')).toEqual(['all', 'default', 'ifb10', 'ifb2', 'lo']);
    expect(sys_listdir(k, '/proc/sys/net/ipv6/neigh/')).toEqual(['ifb10', 'ifb2', 'lo']);
    expect((sys_listdir(k, '/proc/sys/net/ipv4/conf/ifb2') as string[]).length).toBe(33);
    expect((sys_listdir(k, '/proc/sys/net/ipv6/conf/all') as string[]).length).toBe(63);
    expect((sys_listdir(k, '/proc/sys/net/ipv4/neigh/lo') as string[]).length).toBe(17);
  });

  it('answers ENOENT for missing devices and files, and does not model values', () => {
    const k = createKernel();
    expect(sys_listdir(k, '/proc/sys/net/ipv4/neigh/default')).toBe(-ENOENT);
    expect(sys_listdir(k, '/proc/sys/net/ipv4/conf/nosuch')).toBe(-ENOENT);
    expect(sys_listdir(k, '/proc/sys/net/nosuch')).toBe(-ENOENT);
    expect(cat(k, '/proc/sys/net/ipv4/conf/lo')).toBe(-EISDIR);
    expect(cat(k, '/proc/sys/net/ipv4/conf/lo/nosuch')).toBe(-ENOENT);
    expect(() => sys_open(k, '/proc/sys/net/ipv4/conf/lo/forwarding', O_WRONLY)).toThrow(UnmodeledPathError);
    expect(() => sys_listdir(k, '/proc/sys/net/ipv4')).toThrow(UnmodeledPathError);
  });
});
