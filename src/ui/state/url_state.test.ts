import { describe, expect, test } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { decodeState, encodedFromHash, encodeState, hashForState, MAX_DECODED_CHARS, type Migration, type UrlState } from './url_state';

const STATE: UrlState = {
  v: 1,
  workload: 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgsnd(q, 1, 10, IPC_NOWAIT)\n',
  step: 2,
  views: ['idr'],
  kernel: { preset: 'v6.18', switches: { ipcmni_extend: true } },
};
const raw = (value: unknown) => compressToEncodedURIComponent(JSON.stringify(value));

describe('the URL state', () => {
  test('round-trips through the hash', () => {
    const hash = hashForState(STATE);
    expect(hash.startsWith('#s=')).toBe(true);
    expect(decodeState(encodedFromHash(hash)!)).toEqual({ ok: true, state: STATE });
  });

  test('is found among other hash parameters, and absent from an empty hash', () => {
    expect(encodedFromHash('#x=1&s=abc')).toBe('abc');
    expect(encodedFromHash('')).toBe(null);
    expect(encodedFromHash('#intro')).toBe(null);
  });

  test('fills in the optional fields of a minimal version 1 state', () => {
    expect(decodeState(raw({ v: 1, workload: 'x', step: 0 }))).toEqual({
      ok: true,
      state: { v: 1, workload: 'x', step: 0, views: [], kernel: {} },
    });
  });

  test('runs the migrations in order up to the current version', () => {
    const migrations: Migration[] = [
      { from: -1, up: (s) => ({ ...s, v: 0, text: String(s.text).trim() }) },
      { from: 0, up: (s) => ({ v: 1, workload: s.text, step: s.at ?? 0 }) },
    ];
    expect(decodeState(raw({ v: -1, text: ' msgget(0, 0) ', at: 1 }), migrations)).toEqual({
      ok: true,
      state: { v: 1, workload: 'msgget(0, 0)', step: 1, views: [], kernel: {} },
    });
  });

  test('refuses a version it cannot migrate', () => {
    expect(decodeState(raw({ ...STATE, v: 2 }))).toEqual({
      ok: false,
      problem: 'unknown_version',
      message: 'The link has state version 2; this ipcscope reads versions up to 1.',
    });
    expect(decodeState(raw({ ...STATE, v: 0 }))).toMatchObject({ ok: false, problem: 'unknown_version' });
  });

  test('refuses a truncated or corrupted link', () => {
    const encoded = encodeState(STATE);
    expect(decodeState(encoded.slice(0, 20))).toMatchObject({ ok: false, problem: 'truncated' });
    expect(decodeState('%%%not-lz')).toMatchObject({ ok: false, problem: 'corrupted' });
    expect(decodeState(compressToEncodedURIComponent('{"v":1,'))).toMatchObject({
      ok: false,
      problem: 'corrupted',
      message: 'The link is damaged: its state is not valid JSON.',
    });
  });

  test('refuses a state larger than 200 KB once decompressed', () => {
    const big = { ...STATE, workload: '#'.repeat(MAX_DECODED_CHARS) };
    expect(decodeState(encodeState(big))).toMatchObject({ ok: false, problem: 'oversized' });
    const fits = { ...STATE, workload: '#'.repeat(MAX_DECODED_CHARS - 200) };
    expect(decodeState(encodeState(fits))).toMatchObject({ ok: true });
  });

  test('refuses a state of the wrong shape, saying what is wrong', () => {
    expect(decodeState(raw([1, 2]))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: 3, step: 0 }))).toMatchObject({
      message: "The link's state is malformed: the workload is not text.",
    });
    expect(decodeState(raw({ v: 1, workload: '', step: -1 }))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: '', step: 1.5 }))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: '', step: 0, views: [{}] }))).toMatchObject({ problem: 'invalid' });
    expect(decodeState(raw({ v: 1, workload: '', step: 0, kernel: { switches: { a: 'yes' } } }))).toMatchObject({
      problem: 'invalid',
    });
  });

  test('keeps markup in a workload as plain text', () => {
    const evil = { ...STATE, workload: '<img src=x onerror=alert(1)>' };
    expect(decodeState(encodeState(evil))).toMatchObject({ ok: true, state: { workload: '<img src=x onerror=alert(1)>' } });
  });
});
