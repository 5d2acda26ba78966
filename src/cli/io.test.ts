import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chunkWriter, drained, readWorkload, WRITE_SIZE } from './io';

describe('readWorkload', () => {
  it('drops the UTF-8 byte order mark an editor saved at the start of a file, and keeps a U+FEFF anywhere else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ipcscope-io-'));
    try {
      const file = join(dir, 'bom.ipc');
      writeFileSync(file, '\ufeffmsgget(IPC_PRIVATE, 0) # \ufeff\n');
      expect(readWorkload(file)).toEqual({ ok: true, text: 'msgget(IPC_PRIVATE, 0) # \ufeff\n' });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

/** A stand-in for process.stdout that records each write(2) it would make. */
function fakeStream(): { stream: NodeJS.WriteStream; writes: string[] } {
  const writes: string[] = [];
  const stream = {
    write(chunk: Uint8Array, cb?: (e?: Error | null) => void) {
      writes.push(Buffer.from(chunk).toString('utf8'));
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
    for (const c of chunks) out.write(Buffer.from(c));
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
    out.write(Buffer.from(big));
    out.write(Buffer.from('tail\n'));
    await out.end();
    expect(a.writes).toEqual([big, 'tail\n']);
    const b = fakeStream();
    await chunkWriter(b.stream).end();
    expect(b.writes).toEqual([]);
  });
});

/** A pipe whose reader takes each write(2) a tick later: full past its 16 KiB highWaterMark until it drains. */
function slowPipe(): { stream: NodeJS.WriteStream; received: string[] } {
  const received: string[] = [];
  const w = new Writable({
    highWaterMark: 1 << 14,
    decodeStrings: false,
    write(chunk: Uint8Array, _enc, cb) {
      received.push(Buffer.from(chunk).toString('utf8'));
      setTimeout(cb, 1);
    },
  });
  return { stream: w as unknown as NodeJS.WriteStream, received };
}

describe('drained', () => {
  it('is null while the stream takes writes, and once it is full waits until it drained', async () => {
    const { stream, received } = slowPipe();
    const out = chunkWriter(stream);
    expect(out.drained()).toBeNull();
    const chunks = Array.from({ length: 4 }, (_, i) => `${i}`.repeat(WRITE_SIZE));
    for (const c of chunks) out.write(Buffer.from(c));
    // three chunks went to the stream (the last is held back): far past its highWaterMark
    expect(stream.writableNeedDrain).toBe(true);
    const wait = out.drained();
    expect(wait).not.toBeNull();
    await wait;
    expect(stream.writableNeedDrain).toBe(false);
    expect(out.drained()).toBeNull();
    await out.end();
    expect(received.join('')).toBe(chunks.join(''));
  });

  it('resolves when the reader goes away instead of draining', async () => {
    const { stream } = slowPipe();
    stream.write('x'.repeat(1 << 15));
    const wait = drained(stream);
    expect(wait).not.toBeNull();
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await wait;
    // the reader is gone: nothing to wait for any more
    expect(drained(stream)).toBeNull();
  });
});
