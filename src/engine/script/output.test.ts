import { describe, expect, it } from 'vitest';
import { encodeText, finishSpilling, newOutput, OUTPUT_CHUNK, putByte, putBytes, putNumber, putText, startSpilling, startStep, takeStepText, textSince } from './output';

describe('output', () => {
  it('writes numbers as their decimal digits, at the bounds of one digit, int32 and 2^53', () => {
    const o = newOutput();
    for (const v of [0, 9, 10, 99, 100, 0x7fffffff, 0x80000000, 4294967295, Number.MAX_SAFE_INTEGER]) {
      putNumber(o, v);
      putByte(o, 10);
    }
    expect(textSince(o, 0)).toBe('0\n9\n10\n99\n100\n2147483647\n2147483648\n4294967295\n9007199254740991\n');
  });

  it('writes numbers of every length: each power of ten and the number below it, up to 2^53', () => {
    const o = newOutput();
    const values: number[] = [];
    for (let k = 1; k <= 15; k++) values.push(10 ** k - 1, 10 ** k, 10 ** k + 1);
    values.push(2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 2, 2 ** 53 - 1);
    for (const v of values) {
      putNumber(o, v);
      putByte(o, 32);
    }
    expect(textSince(o, 0)).toBe(values.map((v) => `${v} `).join(''));
  });

  it('writes text as UTF-8, ASCII or not, short or long, and grows without a sink', () => {
    const o = newOutput();
    const long = 'é'.repeat(3 * OUTPUT_CHUNK);
    putText(o, 'a = ');
    putText(o, 'héllo ✓ 𝄞\n');
    putBytes(o, encodeText('= 0\n'));
    putText(o, long);
    expect(textSince(o, 0)).toBe(`a = héllo ✓ 𝄞\n= 0\n${long}`);
  });

  it('while stepping, putText makes as text what it writes as bytes otherwise, and leaves the bytes alone', () => {
    const pieces = ['msgget(IPC_PRIVATE, 0600) = ', '-1 EINVAL (Invalid argument) é✓\n', 'héllo 𝄞 ' + 'x'.repeat(10000), '\n'];
    const bytes = newOutput();
    for (const p of pieces) putText(bytes, p);
    const step = newOutput();
    startStep(step);
    for (const p of pieces) putText(step, p);
    expect(step.length).toBe(0);
    expect(takeStepText(step)).toBe(textSince(bytes, 0));
    expect(takeStepText(step)).toBe('');
    // a run to the end after steps writes bytes again
    startSpilling(step, undefined);
    for (const p of pieces) putText(step, p);
    putBytes(step, encodeText('= 0'));
    expect(finishSpilling(step)).toBe(textSince(bytes, 0) + '= 0');
  });

  it('reads back a short line after a mark, ASCII or not, the same as a long one', () => {
    const o = newOutput();
    putText(o, 'first\n');
    const mark = o.length;
    putText(o, 'msgget(IPC_PRIVATE, 0) = 0\n');
    expect(textSince(o, mark)).toBe('msgget(IPC_PRIVATE, 0) = 0\n');
    const mark2 = o.length;
    putText(o, 'échec ✓\n');
    expect(textSince(o, mark2)).toBe('échec ✓\n');
    const mark3 = o.length;
    const long = 'x'.repeat(300) + 'é\n';
    putText(o, long);
    expect(textSince(o, mark3)).toBe(long);
    expect(textSince(o, o.length)).toBe('');
  });

  it('spills into text or to a sink in chunks of at most OUTPUT_CHUNK bytes (a long text whole), in order', () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `msgget(IPC_PRIVATE, 0600) = ${i} ü\n`);
    const big = 'x'.repeat(100000) + '\n';
    const write = (o: ReturnType<typeof newOutput>) => {
      lines.forEach((l, i) => {
        putText(o, l);
        if (i === 7000) putText(o, big);
      });
    };
    const expected = lines.slice(0, 7001).join('') + big + lines.slice(7001).join('');

    const asText = newOutput();
    startSpilling(asText, undefined);
    write(asText);
    expect(finishSpilling(asText)).toBe(expected);

    const chunks: Uint8Array[] = [];
    const toSink = newOutput();
    startSpilling(toSink, (c) => chunks.push(c));
    write(toSink);
    expect(finishSpilling(toSink)).toBe('');
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) if (c.length !== big.length) expect(c.length).toBeLessThanOrEqual(OUTPUT_CHUNK);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
  });
});
