/**
 * The "Machine constants" field of a multi-CPU run: the CLI's `--smp
 * NAME=VALUE` overrides, several in one line, separated by spaces or
 * commas (`ipc_ns_offset=32 wake_latency=5000`). The engine validates
 * them for a run (smp_api.ts); a link's field is checked here before the
 * page takes it. Also the table of the constants a run used.
 */
import { CONSTANT_NAMES, MACHINES, parseSmpOverrides, type SmpConstants } from '../../engine/smp/constants';
import type { SmpResult } from '../../engine/smp/types';

/** the longest field a link may carry (every constant overridden fits in about 400) */
export const MAX_CONSTANTS_CHARS = 1000;

/** The `NAME=VALUE` specs of the field, in order. */
export function constantSpecs(field: string): string[] {
  return field.split(/[\s,]+/).filter((s) => s !== '');
}

/** Whether a run would take the field (the rules of parseSmpOverrides, which the engine applies). */
export function constantsValid(field: string): boolean {
  return field.length <= MAX_CONSTANTS_CHARS && parseSmpOverrides(constantSpecs(field)).ok;
}

export interface ConstantRow {
  name: keyof SmpConstants;
  value: number;
  unit: 'ns' | 'ratio' | 'bytes';
  /** differs from the machine's own value (an override) */
  changed: boolean;
  /** the machine's own value */
  base: number;
}

const UNITS: Partial<Record<keyof SmpConstants, ConstantRow['unit']>> = { smt_speedup: 'ratio', ipc_ns_offset: 'bytes' };

/** One row per constant the run used, in CONSTANT_NAMES order. */
export function constantRows(result: Pick<SmpResult, 'machine' | 'constants'>): ConstantRow[] {
  const base = MACHINES[result.machine];
  return CONSTANT_NAMES.map((name) => ({
    name,
    value: result.constants[name],
    unit: UNITS[name] ?? 'ns',
    changed: result.constants[name] !== base[name],
    base: base[name],
  }));
}
