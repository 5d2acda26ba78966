import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config';
import { newProbe } from '../../probe';
import type { TraceEvent } from '../../trace';
import { EEXIST, EINVAL, ENFILE } from '../../uapi/errno';
import { create_net_ns, type NetNamespace } from '../net_namespace';
import {
  __dev_alloc_name,
  ARPHRD_ETHER,
  alloc_netdev,
  dev_get_by_index_from,
  dev_name_format,
  dev_prep_valid_name,
  dev_valid_name,
  MAX_NETDEVICES,
  register_netdevice,
  unregister_netdevice,
} from './dev';

function ns(): NetNamespace {
  return create_net_ns(DEFAULT_CONFIG);
}

function add(net: NetNamespace, name: string): number {
  return register_netdevice(net, alloc_netdev(name, ARPHRD_ETHER, 'ifb'));
}

function names(net: NetNamespace): string[] {
  return net.dev_base.map((d) => d.name);
}

describe('dev_valid_name', () => {
  it('accepts up to 15 bytes without / : or whitespace', () => {
    for (const ok of ['lo', 'ifb0', '...', 'abcdefghijklmno', '%d', '\xc3\xa9', '-', '#x']) expect(dev_valid_name(ok)).toBe(true);
  });
  it('refuses "", ".", "..", 16 bytes, /, :, whitespace and the byte 0xA0 (UTF-8 "à")', () => {
    for (const bad of ['', '.', '..', 'abcdefghijklmnop', 'a/b', 'a:b', 'a b', 'a\tb', 'a\nb', 'a\x0bb', '\xc3\xa0']) {
      expect(dev_valid_name(bad)).toBe(false);
    }
  });
});

describe('__dev_alloc_name', () => {
  it('takes the lowest number no device prints back (kernel-observed 26)', () => {
    const net = ns();
    for (let i = 0; i < 12; i++) expect(add(net, 'ifb%d')).toBe(0);
    expect(names(net)).toEqual(['lo', ...Array.from({ length: 12 }, (_, i) => `ifb${i}`)]);
    expect(add(net, 'ifb100')).toBe(0);
    expect(__dev_alloc_name(net, 'ifb%d')).toBe(12);
    unregister_netdevice(net, net.dev_name_head.get('ifb3')!);
    expect(__dev_alloc_name(net, 'ifb%d')).toBe(3);
  });

  it('lets ifb05, ifb-1, ifbX and ifb007 claim nothing but ifb4 claim 4', () => {
    const net = ns();
    for (const n of ['ifb05', 'ifb-1', 'ifbX', 'ifb007', 'ifb', 'ifb4294967296', 'ifb0x']) expect(add(net, n)).toBe(0);
    expect(__dev_alloc_name(net, 'ifb%d')).toBe(0);
    expect(add(net, 'ifb0')).toBe(0);
    expect(add(net, 'ifb1')).toBe(0);
    expect(add(net, 'ifb2')).toBe(0);
    expect(add(net, 'ifb4')).toBe(0);
    expect(__dev_alloc_name(net, 'ifb%d')).toBe(3);
    expect(add(net, 'ifb3')).toBe(0);
    expect(__dev_alloc_name(net, 'ifb%d')).toBe(5);
  });

  it('matches what sscanf reads greedily: "ifb00" is 0 under "ifb%d0", "a51" is 51 under "a%d1"', () => {
    const net = ns();
    expect(add(net, 'ifb00')).toBe(0);
    expect(__dev_alloc_name(net, 'ifb%d0')).toBe(1);
    expect(add(net, 'a51')).toBe(0);
    expect(add(net, 'a11')).toBe(0);
    // a51 is read as 51 and prints back as a511: it does not block 5; a11 is 11 → a111: does not block 1
    expect(__dev_alloc_name(net, 'a%d1')).toBe(0);
    expect(add(net, 'a01')).toBe(0);
    // a01 is read as 1, prints back as a11 ≠ a01
    expect(__dev_alloc_name(net, 'a%d1')).toBe(0);
  });

  it('compares with the name cut to 15 bytes (the oracle: abcdefghij0xyz..99xyz and 123xy, then 100xy)', () => {
    const net = ns();
    for (let i = 0; i < 100; i++) expect(add(net, `abcdefghij${i}xyz`)).toBe(0);
    // "abcdefghij123xy" is what snprintf(…%dxyz, 123) cut to 15 bytes gives: it claims 123
    expect(add(net, 'abcdefghij123xy')).toBe(0);
    const p = newProbe();
    expect(__dev_alloc_name(net, 'abcdefghij%dxyz', p)).toBe(100);
    expect(dev_name_format('abcdefghij%dxyz', 100)).toBe('abcdefghij100xy');
    expect(add(net, 'abcdefghij%dxyz')).toBe(0);
    expect(__dev_alloc_name(net, 'abcdefghij%dxyz')).toBe(101);
  });

  it('refuses a pattern without exactly one %d and nothing else with %', () => {
    const net = ns();
    for (const bad of ['a%d%d', 'a%s', 'a%', 'a%%', 'a%%d', '%dx%']) expect(__dev_alloc_name(net, bad)).toBe(-EINVAL);
    expect(__dev_alloc_name(net, '%d')).toBe(0);
  });

  it('is ENFILE when all 32768 numbers are taken', () => {
    const net = ns();
    for (let i = 0; i < MAX_NETDEVICES; i++) expect(add(net, `x${i}`)).toBe(0);
    expect(__dev_alloc_name(net, 'x%d')).toBe(-ENFILE);
    expect(add(net, 'x%d')).toBe(-ENFILE);
    unregister_netdevice(net, net.dev_name_head.get('x32767')!);
    expect(__dev_alloc_name(net, 'x%d')).toBe(32767);
    unregister_netdevice(net, net.dev_name_head.get('x5')!);
    expect(__dev_alloc_name(net, 'x%d')).toBe(5);
    expect(__dev_alloc_name(net, 'y%d')).toBe(0);
  });

  it('gives the same answers and costs whether a scan is remembered or run again', () => {
    const traced = ns();
    const plain = ns();
    const pt = newProbe(() => {});
    const pp = newProbe();
    const ops: [string, string | null][] = [
      ['ifb%d', null],
      ['ifb%d', null],
      ['ifb7', null],
      ['x%dy', null],
      ['ifb%d', null],
      ['del', 'ifb0'],
      ['ifb%d', null],
      ['ifb%d0', null],
      ['del', 'ifb7'],
      ['ifb%d', null],
      ['ifb%d', null],
      ['x%dy', null],
    ];
    for (const [what, victim] of ops) {
      for (const [net, p] of [
        [traced, pt],
        [plain, pp],
      ] as const) {
        if (what === 'del') unregister_netdevice(net, net.dev_name_head.get(victim!)!);
        else register_netdevice(net, alloc_netdev(what, ARPHRD_ETHER, 'ifb'), p);
      }
      expect(names(plain)).toEqual(names(traced));
    }
    // the same ops on the host, read back from /proc/net/dev
    expect(names(plain)).toEqual(['lo', 'ifb1', 'x0y', 'ifb2', 'ifb0', 'ifb00', 'ifb3', 'ifb4', 'x1y']);
    expect(pp.costs.dev_name_sscanf).toBe(pt.costs.dev_name_sscanf);
    expect(pp.costs.dev_name_snprintf).toBe(pt.costs.dev_name_snprintf);
  });

  it('runs one sscanf per device and one snprintf per number in range, and traces each', () => {
    const net = ns();
    for (const n of ['ifb0', 'ifb1', 'ifb99999', 'ifbX', 'ifb07']) add(net, n);
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    expect(__dev_alloc_name(net, 'ifb%d', p)).toBe(2);
    expect(p.costs.dev_name_sscanf).toBe(6);
    // ifb0, ifb1 and ifb07 (read as 7) are in range; lo and ifbX have no number, 99999 is too big
    expect(p.costs.dev_name_snprintf).toBe(3);
    expect(events.filter((e) => e.kind === 'dev_name_scan')).toEqual([
      { kind: 'dev_name_scan', name: 'lo', bit: null },
      { kind: 'dev_name_scan', name: 'ifb0', bit: 0 },
      { kind: 'dev_name_scan', name: 'ifb1', bit: 1 },
      { kind: 'dev_name_scan', name: 'ifb99999', bit: null },
      { kind: 'dev_name_scan', name: 'ifbX', bit: null },
      { kind: 'dev_name_scan', name: 'ifb07', bit: null },
    ]);
    expect(events.at(-1)).toEqual({ kind: 'dev_name_alloc', pattern: 'ifb%d', bit: 2, name: 'ifb2' });
  });
});

describe('dev_prep_valid_name', () => {
  it('returns the name, EINVAL, or EEXIST for a name in use', () => {
    const net = ns();
    expect(dev_prep_valid_name(net, 'foo%d')).toBe('foo0');
    expect(dev_prep_valid_name(net, 'lo')).toBe(-EEXIST);
    expect(dev_prep_valid_name(net, 'a:b')).toBe(-EINVAL);
    expect(dev_prep_valid_name(net, 'a:%d')).toBe(-EINVAL);
  });
});

describe('register_netdevice', () => {
  it('gives lo ifindex 1 and never reuses a freed ifindex right away (kernel-observed 30)', () => {
    const net = ns();
    expect(net.loopback_dev.ifindex).toBe(1);
    add(net, 'ifb%d');
    add(net, 'ifb%d');
    expect(net.dev_name_head.get('ifb1')!.ifindex).toBe(3);
    unregister_netdevice(net, net.dev_name_head.get('ifb0')!);
    add(net, 'ifb%d');
    expect(net.dev_name_head.get('ifb0')!.ifindex).toBe(4);
    expect(names(net)).toEqual(['lo', 'ifb1', 'ifb0']);
  });

  it('fails with EEXIST when a cut %d name exists, after taking an ifindex', () => {
    const net = ns();
    for (let i = 0; i < 100; i++) expect(add(net, 'abcdefghijklm%d')).toBe(0);
    expect(add(net, 'abcdefghijklm%d')).toBe(-EEXIST);
    expect(add(net, 'ifb%d')).toBe(0);
    // lo 1, the hundred 2..101, the failed one consumed 102
    expect(net.dev_name_head.get('ifb0')!.ifindex).toBe(103);
  });

  it('creates /proc/net/dev_snmp6/<name> and the sysctl directories, and removes them again', () => {
    const net = ns();
    add(net, 'ifb%d');
    const dev = net.dev_name_head.get('ifb0')!;
    expect(dev.snmp6!.name).toBe('ifb0');
    expect(dev.snmp6!.data).toBe(2);
    unregister_netdevice(net, dev);
    expect(dev.snmp6).toBeNull();
    expect(net.proc_net_devsnmp6.subdir.rb_node!.entry.name).toBe('lo');
    expect(dev.reg_state).toBe('unregistered');
  });

  it('keeps dev_base in ifindex order for the /proc/net/dev walk', () => {
    const net = ns();
    for (let i = 0; i < 5; i++) add(net, 'ifb%d');
    unregister_netdevice(net, net.dev_name_head.get('ifb2')!);
    expect(dev_get_by_index_from(net, 4)!.name).toBe('ifb3');
    expect(dev_get_by_index_from(net, 3)!.name).toBe('ifb1');
    expect(dev_get_by_index_from(net, 7)).toBeNull();
  });
});
