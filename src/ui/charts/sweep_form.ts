/**
 * The charts page's form as text fields and the sweep request they make:
 * values `1024, 2048`, kernels `5.13 6.18`, settings `ipcmni_extend=on`.
 * Every field is checked here, so the worker only ever gets a request that
 * names things (the engine still refuses unknown presets with a message).
 */
import type { SweepRequest } from '../../engine/api';
import type { Reproduction } from '../../engine/reproductions';
import { isConstantName } from '../../engine/script/calls';

export interface SweepForm {
  variable: string;
  values: string;
  kernels: string;
  sets: string;
  /** `NAME=INT` words, fixed in every run */
  constants: string;
}

export function formFor(r: Reproduction, full: boolean): SweepForm {
  const values = full || r.quickValues === undefined ? r.values : r.quickValues;
  return {
    variable: r.variable,
    values: values.join(', '),
    kernels: r.kernels.join(' '),
    sets: r.sets.join(' '),
    constants: Object.entries(r.constants ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
  };
}

/** a variable named like a constant of the language would hide it from the workload */
const constantNamed = (name: string) => `\`${name}\` is a constant of the language and cannot be used as a variable.`;

const words = (s: string) => s.split(/[\s,]+/).filter((w) => w.length > 0);

/** The request for `text`, or what is wrong with the form. */
export function requestFor(form: SweepForm, text: string): { ok: true; request: SweepRequest } | { ok: false; message: string } {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(form.variable)) return { ok: false, message: `The variable must be a name, not ${JSON.stringify(form.variable)}.` };
  if (isConstantName(form.variable)) return { ok: false, message: constantNamed(form.variable) };
  const values: number[] = [];
  for (const w of words(form.values)) {
    const n = Number(w);
    if (!/^[0-9]+$/.test(w) || !Number.isSafeInteger(n) || n < 1) return { ok: false, message: `Values must be positive whole numbers; ${JSON.stringify(w)} is not.` };
    values.push(n);
  }
  if (values.length === 0) return { ok: false, message: 'Give at least one value.' };
  const twice = values.find((v, i) => values.indexOf(v) !== i);
  if (twice !== undefined) return { ok: false, message: `The value ${twice} is listed twice; give each value once.` };
  const kernels = words(form.kernels);
  const kernelTwice = kernels.find((k, i) => kernels.indexOf(k) !== i);
  if (kernelTwice !== undefined) return { ok: false, message: `The kernel ${kernelTwice} is listed twice; give each kernel once.` };
  if (values.length > 64) return { ok: false, message: 'At most 64 values.' };
  const constants: Record<string, number> = {};
  for (const w of words(form.constants)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)$/.exec(w);
    if (m === null || !Number.isSafeInteger(Number(m[2]))) return { ok: false, message: `Constants are NAME=INTEGER; ${JSON.stringify(w)} is not.` };
    if (isConstantName(m[1]!)) return { ok: false, message: constantNamed(m[1]!) };
    constants[m[1]!] = Number(m[2]);
  }
  const request: SweepRequest = { text, variable: form.variable, values, kernels, sets: form.sets.split(/\s+/).filter((w) => w.length > 0) };
  if (Object.keys(constants).length > 0) request.constants = constants;
  return { ok: true, request };
}
