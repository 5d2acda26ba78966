import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { decompressUriBounded } from './lz_uri';

describe('decompressUriBounded', () => {
  test('reads back whatever lz-string compressed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), (text) => {
        expect(decompressUriBounded(compressToEncodedURIComponent(text), 1e9)).toEqual({ ok: true, text });
      }),
      { numRuns: 300 },
    );
    const tour = 'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)   # a queue\n'.repeat(400);
    expect(decompressUriBounded(compressToEncodedURIComponent(tour), 1e9)).toEqual({ ok: true, text: tour });
  });

  test('stops as soon as the output passes the bound', () => {
    const bomb = compressToEncodedURIComponent('a'.repeat(300_000));
    expect(bomb.length).toBe(1129);
    expect(decompressUriBounded(bomb, 200 * 1024)).toEqual({ ok: false, reason: 'oversized' });
    expect(decompressUriBounded(compressToEncodedURIComponent('abc'), 3)).toEqual({ ok: true, text: 'abc' });
    expect(decompressUriBounded(compressToEncodedURIComponent('abcd'), 3)).toEqual({ ok: false, reason: 'oversized' });
  });

  test('tells a cut-off stream from a damaged one', () => {
    const encoded = compressToEncodedURIComponent('{"v":1,"workload":"msgget(IPC_PRIVATE, 0)","step":1}');
    expect(decompressUriBounded(encoded.slice(0, encoded.length - 4), 1e9)).toEqual({ ok: false, reason: 'truncated' });
    expect(decompressUriBounded('', 1e9)).toEqual({ ok: false, reason: 'truncated' });
    expect(decompressUriBounded(encoded.slice(0, 5) + '*' + encoded.slice(6), 1e9)).toEqual({ ok: false, reason: 'corrupted' });
    expect(decompressUriBounded('////', 1e9)).toEqual({ ok: false, reason: 'corrupted' });
  });

  test('reads a + turned into a space by form decoding', () => {
    const encoded = compressToEncodedURIComponent('{"v":1}');
    expect(encoded).toBe('N4IgbiBcCMC+Q');
    expect(decompressUriBounded('N4IgbiBcCMC Q', 1e9)).toEqual({ ok: true, text: '{"v":1}' });
  });
});
