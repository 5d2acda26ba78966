import { describe, expect, test } from 'vitest';
import { extract_proc, type ProcModel } from '../../../engine/view/proc';
import { tracedOps } from '../../../engine/view/trace_ops.test-helper';
import type { ViewFrame } from '../types';
import { frame_dir_events, proc_lit, proc_model_at } from './replay';

function frames(text: string, dir?: string, config = {}): ViewFrame<ProcModel>[] {
  return tracedOps(text, config).map((op, i) => ({
    step: i + 1,
    events: op.events,
    dropped: 0,
    // as the worker does (src/session/frames.ts): the kernel before an operation is read without its events
    before: extract_proc(op.before, [], dir === undefined ? {} : { dir }),
    after: extract_proc(op.after, op.events, dir === undefined ? {} : { dir }),
  }));
}

const WORKLOAD = [
  'repeat 12 { ip link add type ifb }',
  'ip link del ifb3',
  'ip link del ifb0',
  'ip link del ifb7',
  'for i in 0..6 { ip link add x$i type ifb }',
  'ip link del ifb5',
  'ip link del ifb1',
  'ip link del x2',
  'ip link add type ifb',
].join('\n');

describe('proc_model_at', () => {
  test('replaying every rb-tree event of an operation on the tree before gives the tree after, for inserts and erases', () => {
    for (const dir of [undefined, 'sys/net/ipv4/conf', 'sys/net/ipv6/neigh']) {
      const fs = frames(WORKLOAD, dir);
      expect(fs.length).toBe(25);
      for (const f of fs) {
        const replayed = proc_model_at(f, f.events.length - 1 >= 0 ? f.events.length - 1 : 0);
        // one event short of the end: every structural event has happened (the last is the rtnl answer)
        expect(f.events[f.events.length - 1]!.kind).toBe('rtnl_request');
        expect(replayed.nodes).toEqual(f.after.nodes);
        expect(replayed.root).toBe(f.after.root);
      }
    }
  });

  test('step into an insert shows the new red node before the fix-up recolours it', () => {
    const f = frames('repeat 3 { ip link add type ifb }')[2]!;
    const mine = frame_dir_events(f);
    expect(mine.map((e) => e.kind)).toEqual(['rb_compare', 'rb_compare', 'rb_link', 'rb_case', 'rb_recolour', 'rb_recolour', 'rb_recolour', 'rb_recolour']);
    const link = f.events.indexOf(mine[2]!);
    const at = proc_model_at(f, link + 1);
    expect(at.nodes.map((n) => `${n.name}:${n.red ? 'R' : 'B'}`)).toEqual(['lo:R', 'ifb0:B', 'ifb1:R', 'ifb2:R']);
    expect(f.after.nodes.map((n) => `${n.name}:${n.red ? 'R' : 'B'}`)).toEqual(['lo:B', 'ifb0:B', 'ifb1:B', 'ifb2:R']);
    const lit = proc_lit(f, link + 1);
    expect(lit.current).toBe(mine[2]!.kind === 'rb_link' ? mine[2].node : -1);
    expect(lit.path.length).toBe(2);
  });

  test('the frame draws before at 0 and after at the end, and after alone when before shows another directory', () => {
    const f = frames('repeat 2 { ip link add type ifb }')[1]!;
    expect(proc_model_at(f, 0)).toBe(f.before);
    expect(proc_model_at(f, f.events.length)).toBe(f.after);
    const other = { ...f, before: { ...f.before!, dir: 'net' } };
    expect(proc_model_at(other, 0)).toBe(f.after);
  });

  test('the list of old kernels is walked entry by entry, then the new entry appears at its head', () => {
    const f = frames('repeat 3 { ip link add type ifb }', undefined, { proc_dir: 'list' })[2]!;
    const steps = f.events.map((e, i) => [e, i] as const).filter(([e]) => e.kind === 'list_step');
    expect(steps.map(([e]) => e.kind === 'list_step' && e.key)).toEqual(['ifb1', 'ifb0', 'lo']);
    const second = steps[1]![1];
    expect(proc_lit(f, second + 1).path).toEqual(steps.slice(0, 2).map(([e]) => (e.kind === 'list_step' ? e.node : -1)));
    expect(proc_model_at(f, second + 1).nodes.map((n) => n.name)).toEqual(['ifb1', 'ifb0', 'lo']);
    const reg = f.events.findIndex((e) => e.kind === 'proc_register');
    expect(proc_model_at(f, reg + 1).nodes.map((n) => n.name)).toEqual(['ifb2', 'ifb1', 'ifb0', 'lo']);
  });
});
