import { describe, expect, test } from 'vitest';
import { CONSTANT_NAMES, MACHINES } from '../../engine/smp/constants';
import { constantRows, constantSpecs, constantsValid, MAX_CONSTANTS_CHARS } from './constants_field';

describe('the machine constants field', () => {
  test('splits on spaces and commas, ignoring empty parts', () => {
    expect(constantSpecs(' ipc_ns_offset=32,wake_latency=5000\t syscall=1 ,')).toEqual(['ipc_ns_offset=32', 'wake_latency=5000', 'syscall=1']);
    expect(constantSpecs('')).toEqual([]);
    expect(constantSpecs(' , ')).toEqual([]);
  });

  test('is valid when every override is one the engine takes', () => {
    expect(constantsValid('')).toBe(true);
    expect(constantsValid('ipc_ns_offset=32, smt_speedup=1.5')).toBe(true);
    expect(constantsValid('ipc_ns_offset=12')).toBe(false);
    expect(constantsValid('syscall')).toBe(false);
    expect(constantsValid('smt_speedup=0.5')).toBe(false);
    expect(constantsValid('nope=1')).toBe(false);
    expect(constantsValid('syscall=1 '.repeat(Math.ceil(MAX_CONSTANTS_CHARS / 10) + 1))).toBe(false);
  });

  test("lists every constant a run used with its unit, marking those that differ from the machine's", () => {
    const rows = constantRows({ machine: 'core2', constants: { ...MACHINES.core2, syscall: 10000, ipc_ns_offset: 32 } });
    expect(rows.map((r) => r.name)).toEqual(CONSTANT_NAMES);
    expect(rows.filter((r) => r.changed)).toEqual([
      { name: 'syscall', value: 10000, unit: 'ns', changed: true, base: 80 },
      { name: 'ipc_ns_offset', value: 32, unit: 'bytes', changed: true, base: 0 },
    ]);
    expect(rows.find((r) => r.name === 'smt_speedup')).toMatchObject({ unit: 'ratio', changed: false, value: 1.25 });
    // the icelake values are not core2's: a run on icelake with core2's syscall is an override
    expect(
      constantRows({ machine: 'icelake', constants: { ...MACHINES.icelake, syscall: 80 } })
        .filter((r) => r.changed)
        .map((r) => r.name),
    ).toEqual(['syscall']);
  });
});
