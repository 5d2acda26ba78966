/**
 * The kernel selector's model: the rows it shows for a choice (each switch
 * with the preset's value and whether the choice overrides it) and the
 * choices its controls produce. Pure functions of presets.ts.
 */
import type { KernelChoice } from '../../engine/kernel_choice';
import { DEFAULT_PRESET, KERNEL_PRESETS, resolveConfig, SWITCH_VALUES, switchValue, type SwitchName } from '../../engine/presets';

export const PRESET_NAMES: readonly string[] = Object.keys(KERNEL_PRESETS);
export const SWITCH_NAMES = Object.keys(SWITCH_VALUES) as SwitchName[];

export interface SwitchRow {
  name: SwitchName;
  values: readonly string[];
  /** what the chosen preset sets */
  presetValue: string;
  /** what the choice runs with */
  value: string;
  overridden: boolean;
}

const presetOf = (choice: KernelChoice) => choice.preset ?? DEFAULT_PRESET;

function presetConfig(preset: string) {
  const r = resolveConfig(preset);
  if (!r.ok) throw new Error(`internal error: preset ${preset}: ${r.message}`);
  return r.config;
}

/** One row per switch, in SWITCH_VALUES order. `choice` must be clean (kernel_choice.ts cleanChoice). */
export function switchRows(choice: KernelChoice): SwitchRow[] {
  const base = presetConfig(presetOf(choice));
  return SWITCH_NAMES.map((name) => {
    const presetValue = switchValue(base, name);
    const set = choice.switches?.[name];
    const value = set === undefined ? presetValue : typeof set === 'boolean' ? (set ? 'on' : 'off') : set;
    return { name, values: SWITCH_VALUES[name], presetValue, value, overridden: value !== presetValue };
  });
}

/** Only the switches that differ from `preset`, or undefined when none does. */
function overridesFor(preset: string, switches: Record<string, string | boolean>): Record<string, string> | undefined {
  const base = presetConfig(preset);
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(switches)) {
    const value = typeof v === 'boolean' ? (v ? 'on' : 'off') : v;
    if (!Object.hasOwn(SWITCH_VALUES, name) || switchValue(base, name as SwitchName) !== value) out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function make(preset: string, switches: Record<string, string | boolean>): KernelChoice {
  const out: KernelChoice = {};
  if (preset !== DEFAULT_PRESET) out.preset = preset;
  const o = overridesFor(preset, switches);
  if (o !== undefined) out.switches = o;
  return out;
}

export type ChoiceChange = { ok: true; choice: KernelChoice } | { ok: false; message: string };

function checked(choice: KernelChoice): ChoiceChange {
  const sets = Object.entries(choice.switches ?? {}).map(([k, v]) => [k, String(v)] as const);
  const r = resolveConfig(choice.preset ?? null, sets);
  return r.ok ? { ok: true, choice } : { ok: false, message: r.message };
}

/** The choice with another preset; overrides that the new preset already sets are dropped. */
export function withPreset(choice: KernelChoice, preset: string): ChoiceChange {
  if (!Object.hasOwn(KERNEL_PRESETS, preset)) return { ok: false, message: `unknown kernel ${JSON.stringify(preset)}` };
  return checked(make(preset, choice.switches ?? {}));
}

/** The choice with one switch set (to the preset's value: the override is removed). */
export function withSwitch(choice: KernelChoice, name: SwitchName, value: string): ChoiceChange {
  return checked(make(presetOf(choice), { ...(choice.switches ?? {}), [name]: value }));
}

/** A short name for a choice: `5.13`, `6.18 sysvipc_find_ipc=count`. */
export function describeChoice(choice: KernelChoice): string {
  const sets = Object.entries(choice.switches ?? {}).map(([k, v]) => `${k}=${typeof v === 'boolean' ? (v ? 'on' : 'off') : v}`);
  return [presetOf(choice), ...sets].join(' ');
}
