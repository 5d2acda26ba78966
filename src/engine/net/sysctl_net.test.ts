import { describe, expect, it } from 'vitest';
import { newProbe } from '../probe';
import { IPV4_CONF_FILES, IPV6_CONF_FILES, NEIGH_FILES, namecmp, net_sysctl_init, sysctl_erase, sysctl_find, sysctl_insert, sysctl_readdir } from './sysctl_net';

describe('sysctl directories', () => {
  it('order names lexicographically, unlike procfs (kernel-notes 7.4)', () => {
    const ids = { next_node_id: 1 };
    const s = net_sysctl_init(ids);
    for (const n of ['lo', 'ifb0', 'ifb1', 'ifb10', 'ifb100', 'ifb11', 'ifb12', 'ifb2', 'ifb9', 'ifbX']) sysctl_insert(ids, s.ipv4_conf, n);
    // observed: all default ifb0 ifb1 ifb10 ifb100 ifb11 ifb12 ifb2 … ifb9 ifbX lo
    expect(sysctl_readdir(s.ipv4_conf)).toEqual(['all', 'default', 'ifb0', 'ifb1', 'ifb10', 'ifb100', 'ifb11', 'ifb12', 'ifb2', 'ifb9', 'ifbX', 'lo']);
    expect(namecmp('ifb1', 'ifb10')).toBeLessThan(0);
    expect(namecmp('ifb2', 'ifb10')).toBeGreaterThan(0);
  });

  it('start conf with all and default, neigh empty (no default outside the initial namespace)', () => {
    const s = net_sysctl_init({ next_node_id: 1 });
    expect(sysctl_readdir(s.ipv6_conf)).toEqual(['all', 'default']);
    expect(sysctl_readdir(s.ipv4_neigh)).toEqual([]);
  });

  it('refuse a duplicate, find in O(log n) and erase', () => {
    const ids = { next_node_id: 1 };
    const s = net_sysctl_init(ids);
    for (let i = 0; i < 500; i++) expect(sysctl_insert(ids, s.ipv6_neigh, `d${i}`)).toBe(true);
    expect(sysctl_insert(ids, s.ipv6_neigh, 'd7')).toBe(false);
    const p = newProbe();
    expect(sysctl_find(s.ipv6_neigh, 'd250', p)!.name).toBe('d250');
    expect(p.costs.rb_compares).toBeLessThanOrEqual(2 * Math.log2(501));
    expect(sysctl_erase(s.ipv6_neigh, 'd250')).toBe(true);
    expect(sysctl_find(s.ipv6_neigh, 'd250')).toBeNull();
    expect(sysctl_erase(s.ipv6_neigh, 'd250')).toBe(false);
    expect(ids.next_node_id).toBe(1 + 4 + 500);
  });

  it('know the 33, 17 and 63 files of a device directory on the host', () => {
    expect(IPV4_CONF_FILES.length).toBe(33);
    expect(NEIGH_FILES.length).toBe(17);
    expect(IPV6_CONF_FILES.length).toBe(63);
    expect([...IPV6_CONF_FILES].sort()).toEqual(IPV6_CONF_FILES);
  });
});
