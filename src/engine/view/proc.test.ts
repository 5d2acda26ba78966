import { describe, expect, test } from 'vitest';
import { extract_proc, MAX_FULL_NODES, type ProcModel, type ProcViewNode } from './proc';
import { tracedOps } from './trace_ops.test-helper';

const ifbs = (n: number) => `repeat ${n} { ip link add type ifb }`;

/** black height of every path, or -1 when the red-black properties fail */
function blackHeight(m: ProcModel, id: number | null, byId: Map<number, ProcViewNode>): number {
  if (id === null) return 1;
  const n = byId.get(id)!;
  const l = blackHeight(m, n.left, byId);
  const r = blackHeight(m, n.right, byId);
  if (l < 0 || r < 0 || l !== r) return -1;
  for (const c of [n.left, n.right]) if (n.red && c !== null && byId.get(c)!.red) return -1;
  return l + (n.red ? 0 : 1);
}

describe('extract_proc', () => {
  test('ten unnamed ifb devices give dev_snmp6 eleven entries in proc_match order with the kernel colours', () => {
    const ops = tracedOps(ifbs(10));
    const last = ops[9]!;
    const m = extract_proc(last.after, last.events, {});
    expect(m.dir).toBe('net/dev_snmp6');
    expect(m.impl).toBe('rbtree');
    expect(m.entries).toBe(11);
    expect(m.cut).toBe(false);
    // shorter names first, then bytewise
    expect(m.nodes.map((n) => n.name)).toEqual(['lo', 'ifb0', 'ifb1', 'ifb2', 'ifb3', 'ifb4', 'ifb5', 'ifb6', 'ifb7', 'ifb8', 'ifb9']);
    expect(m.nodes.map((n) => (n.red ? 'R' : 'B')).join('')).toBe('BBBBBBBRRBR');
    const byId = new Map(m.nodes.map((n) => [n.id, n]));
    expect(byId.get(m.root!)!.red).toBe(false);
    expect(blackHeight(m, m.root, byId)).toBe(4);
  });

  test('the operation summary counts this directory only and the name scan beside it', () => {
    const ops = tracedOps(ifbs(10));
    const m = extract_proc(ops[9]!.after, ops[9]!.events, {});
    // the 10th device: sscanf over lo and ifb0..ifb8, ifb9 allocated
    expect(m.op.scan).toEqual({ pattern: 'ifb%d', scanned: 10, claimed: 9, bits: [0, 1, 2, 3, 4, 5, 6, 7, 8], alloc: 9, name: 'ifb9' });
    expect(m.op.links).toBe(1);
    expect(m.op.compares).toBe(5);
    // the whole operation compared in five trees (four sysctl directories and dev_snmp6)
    expect(ops[9]!.events.filter((e) => e.kind === 'rb_compare').length).toBeGreaterThan(m.op.compares);
  });

  test('an operation that touches no directory shows the one of the newest /proc entry, or the one asked for', () => {
    const ops = tracedOps('q = msgget(IPC_PRIVATE, IPC_CREAT|0600)');
    const m = extract_proc(ops[0]!.after, ops[0]!.events, {});
    // dev_snmp6/lo, made when the namespace registered its loopback device
    expect(m.dir).toBe('net/dev_snmp6');
    expect(m.nodes.map((n) => n.name)).toEqual(['lo']);
    expect(extract_proc(ops[0]!.after, ops[0]!.events, { dir: 'net' }).entries).toBe(61);
    const conf = extract_proc(ops[0]!.after, ops[0]!.events, { dir: '/proc/sys/net/ipv4/conf' });
    expect(conf.dir).toBe('sys/net/ipv4/conf');
    expect(conf.nodes.map((n) => n.name)).toEqual(['all', 'default', 'lo']);
    expect(m.dirs.map((d) => d.path)).toEqual([
      'net',
      'net/stat',
      'net/dev_snmp6',
      'net/netfilter',
      'net/xt_recent',
      'net/ipt_hashlimit',
      'net/ip6t_hashlimit',
      'sys/net/ipv4/conf',
      'sys/net/ipv4/neigh',
      'sys/net/ipv6/conf',
      'sys/net/ipv6/neigh',
    ]);
  });

  test('ls -U of a directory shows that directory', () => {
    const ops = tracedOps(`${ifbs(3)}\nls -U /proc/net/netfilter`);
    expect(extract_proc(ops[3]!.after, ops[3]!.events, {}).dir).toBe('net/netfilter');
    // without the events (the kernel before an operation) the choice does not move
    expect(extract_proc(ops[2]!.before, [], {}).dir).toBe('net/dev_snmp6');
  });

  test('a removal is found in the kernel before and after it', () => {
    const ops = tracedOps(`${ifbs(3)}\nip link del ifb1`);
    const del = ops[3]!;
    const before = extract_proc(del.before, del.events, {});
    const after = extract_proc(del.after, del.events, {});
    expect(before.dir).toBe('net/dev_snmp6');
    expect(after.dir).toBe('net/dev_snmp6');
    expect(before.nodes.map((n) => n.name)).toEqual(['lo', 'ifb0', 'ifb1', 'ifb2']);
    expect(after.nodes.map((n) => n.name)).toEqual(['lo', 'ifb0', 'ifb2']);
    expect(after.op.erases).toBe(1);
  });

  test('the list of kernels before 3.19 holds the newest entry first and counts the walk', () => {
    const ops = tracedOps(ifbs(4), { proc_dir: 'list' });
    const m = extract_proc(ops[3]!.after, ops[3]!.events, {});
    expect(m.impl).toBe('list');
    expect(m.nodes.map((n) => n.name)).toEqual(['ifb3', 'ifb2', 'ifb1', 'ifb0', 'lo']);
    expect(m.root).toBe(m.nodes[0]!.id);
    // proc_register walks every child for the duplicate check
    expect(m.op.list_steps).toBe(4);
    expect(m.op.compares).toBe(0);
  });

  test('a directory of more than MAX_FULL_NODES entries is cut to its top levels and the touched path', () => {
    const ops = tracedOps(`for i in 0..${MAX_FULL_NODES + 10} { ip link add d$i type ifb }`, {}, 1);
    const last = ops[ops.length - 1]!;
    const m = extract_proc(last.after, last.events, {});
    expect(m.entries).toBe(MAX_FULL_NODES + 11);
    expect(m.cut).toBe(true);
    expect(m.nodes.length).toBeLessThan(1100);
    const shown = m.nodes.length + m.nodes.reduce((s, n) => s + n.hide_left + n.hide_right, 0);
    expect(shown).toBe(m.entries);
    // the new entry and every node its descent compared are kept
    const reg = last.events.findIndex((e) => e.kind === 'proc_register');
    const links = last.events.slice(0, reg).filter((e) => e.kind === 'rb_link');
    const linked = links[links.length - 1];
    expect(linked).toMatchObject({ kind: 'rb_link', key: `d${MAX_FULL_NODES + 9}` });
    const keptIds = new Set(m.nodes.map((n) => n.id));
    const at = last.events.indexOf(linked!);
    const previous = links[links.length - 2];
    const descent = last.events.slice(previous === undefined ? 0 : last.events.indexOf(previous) + 1, at);
    expect(descent.length).toBeGreaterThan(10);
    for (const e of descent) if (e.kind === 'rb_compare') expect(keptIds.has(e.node)).toBe(true);
    expect(linked !== undefined && linked.kind === 'rb_link' && keptIds.has(linked.node)).toBe(true);
  });
});
