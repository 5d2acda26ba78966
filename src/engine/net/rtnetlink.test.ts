import { describe, expect, it } from 'vitest';
import { createKernel } from '../kernel';
import { newProbe } from '../probe';
import type { TraceEvent } from '../trace';
import { EEXIST, EINVAL, ENODEV, EOPNOTSUPP, ERANGE } from '../uapi/errno';
import { rtnl_link_ops_get } from './link_ops';
import { rtnl_dellink, rtnl_newlink } from './rtnetlink';

const devs = (k: ReturnType<typeof createKernel>) => k.state.net.dev_base.map((d) => `${d.name}:${d.ifindex}`);

describe('rtnl_newlink', () => {
  it('creates kind%d for an unnamed ifb, bridge and veth pair (peer first)', () => {
    const k = createKernel();
    expect(rtnl_newlink(k, null, 'ifb')).toBe(0);
    expect(rtnl_newlink(k, null, 'bridge')).toBe(0);
    expect(rtnl_newlink(k, null, 'veth')).toBe(0);
    expect(devs(k)).toEqual(['lo:1', 'ifb0:2', 'bridge0:3', 'veth0:4', 'veth1:5']);
    expect(k.state.net.dev_name_head.get('veth1')!.peer!.name).toBe('veth0');
  });

  it('checks the name length first, then the kind, then whether the name exists (kernel-observed 28)', () => {
    const k = createKernel();
    expect(rtnl_newlink(k, 'abcdefghijklmnop', 'foo')).toBe(-ERANGE);
    expect(rtnl_newlink(k, 'lo', 'vxlan')).toBe(-EINVAL);
    expect(rtnl_newlink(k, 'lo', 'foo')).toBe(-EEXIST);
    expect(rtnl_newlink(k, 'lo', 'macvlan')).toBe(-EEXIST);
    expect(rtnl_newlink(k, 'a/b', 'foo')).toBe(-EOPNOTSUPP);
    expect(rtnl_newlink(k, 'a/b', 'macvlan')).toBe(-EINVAL);
    expect(rtnl_newlink(k, 'a/b', 'ifb')).toBe(-EINVAL);
    expect(rtnl_newlink(k, 'abcdefghijklmno', 'ifb')).toBe(0);
  });

  it('knows the host kinds: unknown ones are EOPNOTSUPP, vxlan and macvlan/macvtap EINVAL without attributes', () => {
    const k = createKernel();
    for (const kind of ['vlan', 'gre', 'ipip', 'sit', 'tun', 'bond', 'wireguard', 'foo']) expect(rtnl_newlink(k, null, kind)).toBe(-EOPNOTSUPP);
    for (const kind of ['vxlan', 'macvlan', 'macvtap']) expect(rtnl_newlink(k, null, kind)).toBe(-EINVAL);
    // none of them took an ifindex
    expect(rtnl_newlink(k, null, 'ifb')).toBe(0);
    expect(k.state.net.dev_name_head.get('ifb0')!.ifindex).toBe(2);
  });

  it('models dummy as a kernel built with it would (the host lacks the driver)', () => {
    const k = createKernel();
    expect(rtnl_link_ops_get('dummy')).not.toBeNull();
    expect(rtnl_newlink(k, null, 'dummy')).toBe(0);
    expect(rtnl_newlink(k, null, 'dummy')).toBe(0);
    expect(devs(k)).toEqual(['lo:1', 'dummy0:2', 'dummy1:3']);
  });

  it("lets a failing veth device leave its peer's ifindex consumed", () => {
    const k = createKernel();
    expect(rtnl_newlink(k, 'a/b', 'veth')).toBe(-EINVAL);
    expect(rtnl_newlink(k, 'veth0', 'veth')).toBe(-EEXIST);
    expect(rtnl_newlink(k, null, 'ifb')).toBe(0);
    expect(devs(k)).toEqual(['lo:1', 'ifb0:4']);
  });

  it('names the peer veth%d even when the device is named', () => {
    const k = createKernel();
    expect(rtnl_newlink(k, 'foo', 'veth')).toBe(0);
    expect(devs(k)).toEqual(['lo:1', 'veth0:2', 'foo:3']);
  });

  it('counts one syscall per request and traces the answer', () => {
    const events: TraceEvent[] = [];
    const k = createKernel(
      {},
      newProbe((e) => events.push(e)),
    );
    rtnl_newlink(k, null, 'ifb');
    rtnl_newlink(k, 'ifb0', 'ifb');
    expect(k.probe.costs.syscalls).toBe(2);
    expect(events.filter((e) => e.kind === 'rtnl_request')).toEqual([
      { kind: 'rtnl_request', op: 'newlink', name: null, link_kind: 'ifb', ret: 0 },
      { kind: 'rtnl_request', op: 'newlink', name: 'ifb0', link_kind: 'ifb', ret: -EEXIST },
    ]);
    expect(events).toContainEqual({ kind: 'netdev_register', name: 'ifb0', ifindex: 2 });
  });
});

describe('rtnl_dellink', () => {
  it('is ERANGE for a 16-byte name, ENODEV for a missing one, EOPNOTSUPP for lo', () => {
    const k = createKernel();
    expect(rtnl_dellink(k, 'abcdefghijklmnop')).toBe(-ERANGE);
    expect(rtnl_dellink(k, 'nosuch')).toBe(-ENODEV);
    expect(rtnl_dellink(k, 'lo')).toBe(-EOPNOTSUPP);
  });

  it('deletes both ends of a veth pair from either end', () => {
    const k = createKernel();
    rtnl_newlink(k, null, 'veth');
    rtnl_newlink(k, null, 'veth');
    expect(rtnl_dellink(k, 'veth0')).toBe(0);
    expect(devs(k)).toEqual(['lo:1', 'veth2:4', 'veth3:5']);
    expect(rtnl_dellink(k, 'veth3')).toBe(0);
    expect(devs(k)).toEqual(['lo:1']);
    expect(rtnl_dellink(k, 'veth2')).toBe(-ENODEV);
  });

  it('frees the name for the lowest-free scan but not the ifindex', () => {
    const k = createKernel();
    for (let i = 0; i < 3; i++) rtnl_newlink(k, null, 'ifb');
    expect(rtnl_dellink(k, 'ifb1')).toBe(0);
    expect(rtnl_newlink(k, null, 'ifb')).toBe(0);
    expect(devs(k)).toEqual(['lo:1', 'ifb0:2', 'ifb2:4', 'ifb1:5']);
  });

  it('leaves a kernel state that structuredClone copies (a checkpoint)', () => {
    const k = createKernel();
    rtnl_newlink(k, null, 'veth');
    const copy = structuredClone(k.state.net);
    expect(copy.dev_name_head.get('veth0')!.peer).toBe(copy.dev_name_head.get('veth1'));
    expect(copy.dev_base.map((d) => d.name)).toEqual(['lo', 'veth0', 'veth1']);
  });
});
