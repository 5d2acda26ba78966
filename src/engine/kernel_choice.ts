/**
 * The kernel a playground link or the kernel selector asks for, as plain
 * data, and the configuration it gives: a preset of presets.ts plus
 * switches over it. Unlike the CLI's --kernel/--set, nothing here fails:
 * a link may come from another version of ipcscope, so whatever is unknown
 * is left out and named, for the page to say so.
 */
import type { KernelConfig } from './config';
import { DEFAULT_PRESET, KERNEL_PRESETS, resolveConfig } from './presets';

/**
 * The kernel a playground link asks for: a KERNEL_PRESETS name (default
 * 6.18) and switches over it, by SWITCH_VALUES name, each a value name
 * (`sysvipc_find_ipc: 'count'`), or for on/off switches a boolean (what
 * version-1 links carried: `ipcmni_extend: true`).
 */
export interface KernelChoice {
  preset?: string;
  switches?: Record<string, string | boolean>;
}

export interface ResolvedChoice {
  config: KernelConfig;
  /** what was ignored, one sentence each (an unknown preset, switch or value) */
  ignored: string[];
}

/**
 * The part of `choice` that names things this version knows: an unknown
 * preset is dropped (the default applies), as is each unknown switch or
 * value, and all switches when together they make a kernel that never
 * existed (idr=layer with cyclic allocation). Booleans become on/off.
 * Return: the clean choice (switch values always strings) and one
 * sentence per thing dropped.
 */
export function cleanChoice(choice: KernelChoice): { choice: KernelChoice; ignored: string[] } {
  const ignored: string[] = [];
  const out: KernelChoice = {};
  if (choice.preset !== undefined) {
    if (Object.hasOwn(KERNEL_PRESETS, choice.preset)) out.preset = choice.preset;
    else ignored.push(`unknown kernel ${JSON.stringify(choice.preset)}, ${DEFAULT_PRESET} used instead`);
  }
  const sets: [string, string][] = [];
  for (const [name, raw] of Object.entries(choice.switches ?? {})) {
    const value = typeof raw === 'boolean' ? (raw ? 'on' : 'off') : raw;
    const alone = resolveConfig(null, [[name, value]]);
    // a value may be refused alone only for its combination with 6.18's cyclic allocation
    if (alone.ok || (name === 'idr' && (value === 'layer' || value === 'layer256'))) sets.push([name, value]);
    else ignored.push(`${alone.message} (ignored)`);
  }
  const r = resolveConfig(out.preset ?? null, sets);
  if (!r.ok) ignored.push(`${r.message} (the switches were ignored)`);
  else if (sets.length > 0) out.switches = Object.fromEntries(sets);
  return { choice: out, ignored };
}

/** The configuration for a choice (never fails; see cleanChoice for what is left out). */
export function resolveChoice(choice: KernelChoice): ResolvedChoice {
  const { choice: clean, ignored } = cleanChoice(choice);
  const r = resolveConfig(
    clean.preset ?? null,
    Object.entries(clean.switches ?? {}).map(([k, v]) => [k, String(v)] as const),
  );
  if (!r.ok) throw new Error(`internal error: a clean kernel choice did not resolve: ${r.message}`);
  return { config: r.config, ignored };
}

/** The configuration for a choice, anything unknown ignored (resolveChoice says what). */
export function configForChoice(choice: KernelChoice): KernelConfig {
  return resolveChoice(choice).config;
}
