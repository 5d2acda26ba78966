import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../presets';
import { runWorkload } from '../run';

function run(kernel: string, text: string) {
  const r = resolveConfig(kernel);
  if (!r.ok) throw new Error(r.message);
  return runWorkload(text, { config: r.config });
}

const ADD3 = 'ip link add type ifb\nip link add type ifb\nip link add foo type ifb\nls -U /proc/net/dev_snmp6\n';

describe('proc_dir presets', () => {
  it('3.18 lists /proc/net/dev_snmp6 newest first (the children list is prepended)', () => {
    const r = run('3.18', ADD3);
    expect(r.output.split('\n').slice(3, 8)).toEqual(['ls -U /proc/net/dev_snmp6 = 4', 'foo', 'ifb1', 'ifb0', 'lo']);
    expect(r.costs.list_steps).toBeGreaterThan(0);
  });

  it('3.19 lists it in rb-tree order (length, then bytes)', () => {
    const r = run('3.19', ADD3);
    expect(r.output.split('\n').slice(3, 8)).toEqual(['ls -U /proc/net/dev_snmp6 = 4', 'lo', 'foo', 'ifb0', 'ifb1']);
    expect(r.costs.list_steps).toBe(0);
  });
});
