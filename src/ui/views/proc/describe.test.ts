import { describe, expect, test } from 'vitest';
import { extract_proc, type ProcModel } from '../../../engine/view/proc';
import { tracedOps } from '../../../engine/view/trace_ops.test-helper';
import type { ViewFrame } from '../types';
import { describe_proc } from './describe';

function frame(text: string, step: number): ViewFrame<ProcModel> {
  const op = tracedOps(text)[step - 1]!;
  return { step, events: op.events, dropped: 0, before: extract_proc(op.before, [], {}), after: extract_proc(op.after, op.events, {}) };
}

describe('describe_proc', () => {
  test('names the directory, the event in progress and both step counts', () => {
    const f = frame('repeat 3 { ip link add type ifb }', 3);
    expect(describe_proc(f, 0)).toBe('/proc/net/dev_snmp6 holds 3 entries in an rb-tree. The name scan examined 0 devices; the whole operation took 3 name-scan steps against 2 directory steps.');
    const reg = f.events.findIndex((e) => e.kind === 'proc_register');
    const link = f.events
      .slice(0, reg)
      .map((e) => e.kind)
      .lastIndexOf('rb_link');
    expect(describe_proc(f, link + 1)).toBe(
      '/proc/net/dev_snmp6 holds 4 entries in an rb-tree. ifb2 is linked as a red leaf on the right. The name scan examined 3 devices and chose ifb2; the whole operation took 3 name-scan steps against 2 directory steps.',
    );
  });
});
