import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { newProbe } from '../probe';
import { proc_readdir } from '../fs/proc/generic';
import { do_dellink, do_newlink } from './rtnetlink';
import { create_net_ns, PROC_NET_FILES } from './net_namespace';

describe('create_net_ns', () => {
  it('holds only lo, with ifindex 1 and the next ifindex 2', () => {
    const net = create_net_ns(DEFAULT_CONFIG);
    expect(net.dev_base.map((d) => [d.name, d.ifindex, d.link_kind])).toEqual([['lo', 1, null]]);
    expect(net.ifindex).toBe(2);
    expect(proc_readdir(net.procfs, net.proc_net_devsnmp6)).toEqual(['lo']);
    expect(proc_readdir(net.procfs, net.proc_net).length).toBe(PROC_NET_FILES.length);
  });

  it('can keep procfs directories as the ≤3.18 list (newest first, duplicates allowed)', () => {
    const net = create_net_ns({ ...DEFAULT_CONFIG, proc_dir: 'list' });
    expect(do_newlink(net, null, 'ifb')).toBe(0);
    expect(do_newlink(net, null, 'ifb')).toBe(0);
    const p = newProbe();
    expect(proc_readdir(net.procfs, net.proc_net_devsnmp6, p)).toEqual(['ifb1', 'ifb0', 'lo']);
    expect(p.costs.list_steps).toBe(6);
    expect(p.costs.rb_next_steps).toBe(0);
  });

  it('is plain data: a structuredClone checkpoint runs on independently', () => {
    const net = create_net_ns(DEFAULT_CONFIG);
    do_newlink(net, null, 'veth');
    const copy = structuredClone(net);
    expect(do_dellink(copy, 'veth1')).toBe(0);
    expect(do_newlink(copy, null, 'ifb')).toBe(0);
    expect(copy.dev_base.map((d) => d.name)).toEqual(['lo', 'ifb0']);
    expect(proc_readdir(copy.procfs, copy.proc_net_devsnmp6)).toEqual(['lo', 'ifb0']);
    expect(net.dev_base.map((d) => d.name)).toEqual(['lo', 'veth0', 'veth1']);
    expect(proc_readdir(net.procfs, net.proc_net_devsnmp6)).toEqual(['lo', 'veth0', 'veth1']);
  });
});
