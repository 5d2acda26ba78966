import { describe, expect, it } from 'vitest';
import { chunkWriter, WRITE_SIZE } from './io';

/** A stand-in for process.stdout that records each write(2) it would make. */
function fakeStream(): { stream: NodeJS.WriteStream; writes: string[] } {
  const writes: string[] = [];
  const stream = {
    write(text: string, cb?: (e?: Error | null) => void) {
      writes.push(text);
      cb?.(null);
      return true;
    },
    on() {
      return stream;
    },
  };
  return { stream: stream as unknown as NodeJS.WriteStream, writes };
}

describe('chunkWriter', () => {
  it('gathers small chunks into writes of about WRITE_SIZE, in order, and end writes the rest', async () => {
    const { stream, writes } = fakeStream();
    const out = chunkWriter(stream);
    const chunks = Array.from({ length: 5000 }, (_, i) => `msgget(IPC_PRIVATE, IPC_CREAT|0600) = ${i}\n`);
    for (const c of chunks) out.write(c);
    const before = writes.length;
    await out.end();
    expect(writes.join('')).toBe(chunks.join(''));
    // 5000 chunks of ~40 units: a few writes, each at least WRITE_SIZE but the last
    expect(writes.length).toBeLessThan(10);
    expect(writes.length).toBe(before + 1);
    for (const w of writes.slice(0, -1)) expect(w.length).toBeGreaterThanOrEqual(WRITE_SIZE);
  });

  it('writes a chunk larger than WRITE_SIZE whole, and nothing for no output', async () => {
    const big = 'x'.repeat(WRITE_SIZE * 2);
    const a = fakeStream();
    const out = chunkWriter(a.stream);
    out.write(big);
    out.write('tail\n');
    await out.end();
    expect(a.writes).toEqual([big, 'tail\n']);
    const b = fakeStream();
    await chunkWriter(b.stream).end();
    expect(b.writes).toEqual([]);
  });
});
