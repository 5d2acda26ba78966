/**
 * The playground state a link carries: `#s=` + lz-string of its JSON.
 *
 * Versioned: `v` says which shape the JSON has. A link of an older version
 * goes through MIGRATIONS in order, each taking one version to the next,
 * up to URL_STATE_VERSION; a newer or unknown version is refused, as is
 * anything damaged, too large or of the wrong shape. Nothing of a link is
 * trusted: every field is checked before the page uses it, and it is only
 * ever shown as text.
 */
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressUriBounded } from './lz_uri';

export const URL_STATE_VERSION = 1;
/** the largest state a link may carry once decompressed (characters of JSON) */
export const MAX_DECODED_CHARS = 200 * 1024;
export const MAX_VIEWS = 32;
export const MAX_STEP = 1_000_000_000;

export interface UrlState {
  v: 1;
  workload: string;
  /** operations executed */
  step: number;
  /** the open views, by id */
  views: string[];
  kernel: { preset?: string; switches?: Record<string, boolean> };
}

/** Takes the JSON of version `from` to version `from + 1`. */
export interface Migration {
  from: number;
  up(old: Record<string, unknown>): Record<string, unknown>;
}

/** Version 1 is the first; a version 2 appends `{ from: 1, up }` here. */
export const MIGRATIONS: readonly Migration[] = [];

export type LinkProblem = 'corrupted' | 'truncated' | 'oversized' | 'unknown_version' | 'invalid';

export type Decoded = { ok: true; state: UrlState } | { ok: false; problem: LinkProblem; message: string };

export function encodeState(state: UrlState): string {
  return compressToEncodedURIComponent(JSON.stringify(state));
}

/** The hash of a link to `state`: `#s=...`. */
export function hashForState(state: UrlState): string {
  return '#s=' + encodeState(state);
}

/** The encoded state in a location hash, or null when the hash holds none. */
export function encodedFromHash(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of body.split('&')) if (part.startsWith('s=')) return part.slice(2);
  return null;
}

const fail = (problem: LinkProblem, message: string): Decoded => ({ ok: false, problem, message });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeState(encoded: string, migrations: readonly Migration[] = MIGRATIONS): Decoded {
  const inflated = decompressUriBounded(encoded, MAX_DECODED_CHARS);
  if (!inflated.ok) {
    switch (inflated.reason) {
      case 'oversized':
        return fail('oversized', `The link holds more than ${MAX_DECODED_CHARS / 1024} KB of state, more than a link may carry.`);
      case 'truncated':
        return fail('truncated', 'The link is cut short: part of it is missing (was it copied whole?).');
      case 'corrupted':
        return fail('corrupted', 'The link is damaged: its state cannot be decompressed.');
    }
  }
  let raw: unknown;
  try {
    raw = JSON.parse(inflated.text);
  } catch {
    return fail('corrupted', 'The link is damaged: its state is not valid JSON.');
  }
  if (!isRecord(raw) || typeof raw.v !== 'number' || !Number.isInteger(raw.v)) {
    return fail('invalid', 'The link does not hold a playground state (no version).');
  }
  let state = raw;
  while (state.v !== URL_STATE_VERSION) {
    const v = state.v as number;
    const step = v < URL_STATE_VERSION ? migrations.find((m) => m.from === v) : undefined;
    if (step === undefined) {
      return fail('unknown_version', `The link has state version ${v}; this ipcscope reads versions up to ${URL_STATE_VERSION}.`);
    }
    state = step.up(state);
  }
  return validateV1(state);
}

function validateV1(s: Record<string, unknown>): Decoded {
  const bad = (what: string) => fail('invalid', `The link's state is malformed: ${what}.`);
  if (typeof s.workload !== 'string') return bad('the workload is not text');
  if (typeof s.step !== 'number' || !Number.isInteger(s.step) || s.step < 0 || s.step > MAX_STEP) {
    return bad(`the step is not a whole number from 0 to ${MAX_STEP}`);
  }
  const views = s.views ?? [];
  if (!Array.isArray(views) || views.length > MAX_VIEWS || !views.every((v) => typeof v === 'string' && v.length <= 64)) {
    return bad('the views are not a short list of names');
  }
  const kernel = s.kernel ?? {};
  if (!isRecord(kernel)) return bad('the kernel choice is not an object');
  const out: UrlState['kernel'] = {};
  if (kernel.preset !== undefined) {
    if (typeof kernel.preset !== 'string' || kernel.preset.length > 64) return bad('the kernel preset is not a name');
    out.preset = kernel.preset;
  }
  if (kernel.switches !== undefined) {
    const sw = kernel.switches;
    if (!isRecord(sw) || !Object.values(sw).every((b) => typeof b === 'boolean')) return bad('the kernel switches are not on/off values');
    out.switches = { ...(sw as Record<string, boolean>) };
  }
  return { ok: true, state: { v: 1, workload: s.workload, step: s.step, views: [...(views as string[])], kernel: out } };
}
