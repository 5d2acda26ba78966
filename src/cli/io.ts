/**
 * Reading the workload and writing large outputs: each write is awaited
 * (so exiting right after cannot truncate it), output made piece by piece
 * is written as it comes, and a closed pipe (EPIPE, e.g. `| head`) ends the
 * writing quietly.
 */
import { readFileSync } from 'node:fs';

/** The text of FILE ('-' = standard input), without the byte order mark some editors put first, or an error message. */
export function readWorkload(file: string): { ok: true; text: string } | { ok: false; message: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { ok: false, message: `cannot read ${file === '-' ? 'standard input' : file}: ${err.code ?? err.message}` };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: `${file === '-' ? 'standard input' : file} is not valid UTF-8` };
  }
}

const closed = new WeakSet<NodeJS.WriteStream>();
const watched = new WeakSet<NodeJS.WriteStream>();

/** Notes when the stream's reader went away (a closed pipe is reported asynchronously, possibly after a write's callback). */
function watch(stream: NodeJS.WriteStream): void {
  if (watched.has(stream)) return;
  watched.add(stream);
  stream.on('error', () => closed.add(stream));
}

/** Writes `text` (or bytes) to the stream and resolves once it is flushed (or the reader went away). */
export function writeAll(stream: NodeJS.WriteStream, text: string | Uint8Array): Promise<void> {
  watch(stream);
  if (text.length === 0 || closed.has(stream)) return Promise.resolve();
  return new Promise((resolve) => {
    stream.write(text, (e) => {
      if (e) closed.add(stream);
      resolve();
    });
  });
}

/** The size (bytes) chunkWriter gathers before it writes: one write(2) per 64 KiB rather than one per chunk. */
export const WRITE_SIZE = 1 << 16;

/**
 * null when the stream takes more writes now; else a promise that resolves
 * once what it holds has drained (or the reader went away). A pipe that is
 * full makes Node queue every further write in memory, and a run keeping
 * the thread lets nothing drain: a caller waits on this between parts.
 */
export function drained(stream: NodeJS.WriteStream): Promise<void> | null {
  watch(stream);
  if (!stream.writableNeedDrain || closed.has(stream)) return null;
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/**
 * Writes output as it is made: chunks are gathered to WRITE_SIZE and then
 * go to the stream at once (Node writes stdout to a file, a terminal or a
 * pipe with room synchronously on Linux, so the output is not held in
 * memory), without a callback, because the callbacks of writes made while
 * a run keeps the thread would all wait, holding on, until it ends; to a
 * full pipe they queue, and `drained` says when to wait (see drained). The
 * last chunk is always held back and written by `end`, which resolves once
 * everything is flushed (or the reader went away).
 */
export function chunkWriter(stream: NodeJS.WriteStream): { write: (chunk: Uint8Array) => void; drained: () => Promise<void> | null; end: () => Promise<void> } {
  watch(stream);
  let held: Uint8Array[] = [];
  let size = 0;
  const gathered = () => (held.length === 1 ? held[0]! : Buffer.concat(held, size));
  return {
    drained: () => drained(stream),
    write: (chunk) => {
      if (size >= WRITE_SIZE) {
        if (!closed.has(stream)) stream.write(gathered());
        held = [];
        size = 0;
      }
      held.push(chunk);
      size += chunk.length;
    },
    end: () => (size === 0 ? Promise.resolve() : writeAll(stream, gathered())),
  };
}
