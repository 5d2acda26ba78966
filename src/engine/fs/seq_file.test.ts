import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ipcKernel } from '../ipc/ipc.test-helper';
import { sys_msgctl, sys_msgget, sys_semget, sys_shmget } from '../ipc/syscall';
import type { Kernel } from '../kernel';
import { IPC_RMID } from '../uapi/ipc';
import { PAGE_SIZE, seq_open, seq_puts, seq_read, type SeqOperations } from './seq_file';
import { fmt_dec, fmt_oct, fmt_u64, seq_put_dec, seq_put_oct, seq_put_row, seq_put_u64, seq_row } from './seq_printf';
import { O_RDONLY, sys_close, sys_open, sys_read } from './vfs';

/** The sizes of successive read(2)s of `path` with `count`-byte buffers, and the bytes. */
function readAll(k: Kernel, path: string, count: number): { sizes: number[]; text: string } {
  const fd = sys_open(k, path, O_RDONLY);
  const sizes: number[] = [];
  let text = '';
  for (;;) {
    const r = sys_read(k, fd, count);
    if (typeof r === 'number') throw new Error(`read: ${r}`);
    if (r.length === 0) break;
    sizes.push(r.length);
    text += r;
  }
  sys_close(k, fd);
  return { sizes, text };
}

function queues(n: number): Kernel {
  const k = ipcKernel();
  for (let i = 0; i < n; i++) sys_msgget(k, 0, 0o1600);
  return k;
}

describe('seq_read on /proc/sysvipc/msg (120-byte lines)', () => {
  it('hands out at most one page per read: 200 queues take 6 reads of 4080 bytes and a last of 3720', () => {
    const r = readAll(queues(200), '/proc/sysvipc/msg', 131072);
    expect(r.sizes).toEqual([4080, 4080, 4080, 4080, 4080, 3720]);
    expect(r.text.length).toBe(24120);
  });

  it('takes 25 reads with a 1000-byte buffer', () => {
    const r = readAll(queues(200), '/proc/sysvipc/msg', 1000);
    expect(r.sizes.length).toBe(25);
    expect(r.text.length).toBe(24120);
  });

  it('starts the iterator once per read and redoes the record that overflowed the page', () => {
    const k = queues(200);
    readAll(k, '/proc/sysvipc/msg', 131072);
    const c = k.probe.costs;
    // 7 reads (the last finds EOF); 201 records shown once, plus one discarded record per full page
    expect([c.seq_start, c.seq_stop, c.seq_show, c.seq_overflows, c.seq_bytes]).toEqual([7, 7, 206, 5, 24120]);
  });

  it('32768 shm segments take 1367 read() calls (the last one finds EOF), as on the real kernel', () => {
    const k = ipcKernel();
    k.state.ipc.shm_ctlmni = 32768;
    for (let i = 0; i < 32768; i++) sys_shmget(k, 0, 4096n, 0o1600);
    const r = readAll(k, '/proc/sysvipc/shm', 131072);
    expect([r.sizes.length + 1, r.text.length]).toEqual([1367, 5570730]);
  });
});

describe('seq_file mechanics', () => {
  /** A file of `n` records "<i>:" + "x" * len(i) (record i has length lens[i]). */
  function numbers(lens: number[]): SeqOperations<number> {
    return {
      start: (_k, m) => (m.index < lens.length ? m.index : null),
      next: (_k, m, v) => {
        m.index = v + 1;
        return m.index < lens.length ? m.index : null;
      },
      stop: () => {},
      show: (_k, m, v) => {
        seq_puts(m, `${v}:`.padEnd(lens[v]!, 'x') + '\n');
        return 0;
      },
    };
  }

  function readFile(lens: number[], count: number, startPos = 0): string {
    const k = ipcKernel();
    const f = { path: '/t', flags: O_RDONLY, pos: startPos, ops: {}, private: seq_open(numbers(lens), '/t', null) };
    let out = '';
    for (;;) {
      const r = seq_read(k, f, count);
      if (typeof r === 'number') throw new Error(String(r));
      if (r === '') return out;
      out += r;
    }
  }

  it('a record bigger than a page grows the buffer by doubling', () => {
    const lens = [10, 9000, 10];
    const whole = lens.map((n, i) => `${i}:`.padEnd(n, 'x') + '\n').join('');
    expect(readFile(lens, 131072)).toBe(whole);
  });

  it('a read at an offset the seq_file did not reach replays from the start (traverse)', () => {
    const lens = [100, 200, 300, 4000, 50];
    const whole = lens.map((n, i) => `${i}:`.padEnd(n, 'x') + '\n').join('');
    for (const pos of [1, 101, 150, 302, 4500]) expect(readFile(lens, 77, pos)).toBe(whole.slice(pos));
  });

  it('hands out bytes ≥ 0x80 as they are, one char per byte (not decoded as UTF-8)', () => {
    const rows = ['plain\n', 'caf\xc3\xa9 \xe2\x82\xac\n', 'stray \x80 \xff \xef\xbf\xbd\n', '\xef\xbb\xbfbom\n'];
    const ops: SeqOperations<number> = {
      start: (_k, m) => (m.index < rows.length ? m.index : null),
      next: (_k, m, v) => {
        m.index = v + 1;
        return m.index < rows.length ? m.index : null;
      },
      stop: () => {},
      show: (_k, m, v) => seq_puts(m, rows[v]!),
    };
    for (const count of [3, 131072]) {
      const f = { path: '/t', flags: O_RDONLY, pos: 0, ops: {}, private: seq_open(ops, '/t', null) };
      let out = '';
      for (let r = seq_read(ipcKernel(), f, count); r !== ''; r = seq_read(ipcKernel(), f, count)) out += r as string;
      expect(out).toBe(rows.join(''));
    }
  });

  /** A seq_file with an allocated page of which the first `count` bytes are in use. */
  function page(count: number) {
    const m = seq_open({} as SeqOperations<number>, '/t', null);
    m.size = PAGE_SIZE;
    m.buf = new Uint8Array(PAGE_SIZE);
    m.count = count;
    return m;
  }

  /** The bytes in use (up to `end`, default count: an overflowed buffer's bytes past the record's start are dropped by seq_read). */
  function used(m: ReturnType<typeof page>, end = m.count): string {
    return String.fromCharCode(...m.buf.subarray(0, end));
  }

  it('seq_put_dec, seq_put_oct and seq_put_u64 print the separator then the right-aligned number', () => {
    const m = page(0);
    expect([seq_put_dec(m, '', -2, 10), seq_put_dec(m, ' ', 123456, 5), seq_put_oct(m, '  ', 0o2640, 4)]).toEqual([0, 0, 0]);
    expect([seq_put_oct(m, '|', 0, 4), seq_put_dec(m, '|', 4294967295, 10), seq_put_u64(m, ' ', 18446744073692774399n, 21)]).toEqual([0, 0, 0]);
    expect(used(m)).toBe('        -2 123456  2640|   0|4294967295  18446744073692774399');
  });

  it('seq_put_dec and seq_put_oct count the digits right at every power of the base, and beyond 2^31', () => {
    const values = [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1];
    for (let d = 1; d <= 16; d++) values.push(10 ** d - 1, 10 ** d, 8 ** d - 1, 8 ** d);
    for (const v of values.filter((x) => x <= Number.MAX_SAFE_INTEGER)) {
      for (const x of [v, -v]) {
        const m = page(0);
        expect(seq_put_dec(m, '', x, 5)).toBe(0);
        expect(used(m)).toBe(fmt_dec(x, 5));
      }
      const o = page(0);
      expect(seq_put_oct(o, '', v, 4)).toBe(0);
      expect(used(o)).toBe(fmt_oct(v, 4));
    }
  });

  it('property: seq_put_dec and seq_put_oct write, fit and overflow as seq_puts of the formatted piece (int32 fast path and wide values alike)', () => {
    const value = fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: -(2 ** 31), max: -1 }), fc.maxSafeInteger());
    fc.assert(
      fc.property(fc.integer({ min: PAGE_SIZE - 40, max: PAGE_SIZE }), fc.constantFrom('', ' ', '  ', '|'), value, fc.integer({ min: 1, max: 21 }), (start, sep, v, width) => {
        const ref = page(start);
        const rr = seq_puts(ref, sep + fmt_dec(v, width));
        const got = page(start);
        expect([seq_put_dec(got, sep, v, width), got.count, used(got)]).toEqual([rr, ref.count, used(ref)]);
        if (v < 0) return;
        const oref = page(start);
        const orr = seq_puts(oref, sep + fmt_oct(v, width));
        const oct = page(start);
        expect([seq_put_oct(oct, sep, v, width), oct.count, used(oct)]).toEqual([orr, oref.count, used(oref)]);
      }),
      { numRuns: 500 },
    );
  });

  it('property: seq_put_row prints, fits and overflows as seq_puts of the whole formatted row (zero-row copy and piece by piece alike)', () => {
    const row = seq_row('%10d %10d  %4o %21lu %5u  %5lu %10llu\n');
    const value = fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 99999 }),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      fc.integer({ min: 2 ** 31, max: 2 ** 32 - 1 }),
      fc.integer({ min: -(2 ** 31), max: -1 }),
      fc.maxSafeInteger(),
    );
    const mode = fc.oneof(fc.nat(0o7777), fc.nat(0o77777), fc.nat());
    fc.assert(
      fc.property(fc.integer({ min: PAGE_SIZE - 120, max: PAGE_SIZE }), fc.tuple(value, value, mode, value, value, value, value), (start, vals) => {
        const text = vals.map((v, i) => row.seps[i] + (row.bases[i] === 8 ? fmt_oct(v, row.widths[i]!) : fmt_dec(v, row.widths[i]!))).join('') + row.tail;
        const whole = page(start);
        const rw = seq_puts(whole, text);
        const got = page(start);
        row.values.set(vals);
        const rr = seq_put_row(got, row);
        const end = whole.count === PAGE_SIZE ? start : whole.count;
        expect([rr, got.count, used(got, end)]).toEqual([rw, whole.count, used(whole, end)]);
      }),
      { numRuns: 500 },
    );
    expect(() => seq_row('%10d %s\n')).toThrow();
  });

  it('a piece that would fill the page exactly overflows it, as seq_printf does', () => {
    const fits = page(PAGE_SIZE - 11);
    expect([seq_put_dec(fits, '', 7, 10), fits.count]).toEqual([0, PAGE_SIZE - 1]);
    const full = page(PAGE_SIZE - 10);
    expect([seq_put_dec(full, '', 7, 10), full.count]).toEqual([-1, PAGE_SIZE]);
    expect([seq_put_dec(full, '', 7, 1), seq_puts(full, '')]).toEqual([-1, -1]);
  });

  it('property: a row printed conversion by conversion fits or overflows exactly as the whole row does', () => {
    const row = fc.tuple(fc.integer({ min: -2147483648, max: 2147483647 }), fc.nat(0o7777), fc.nat(), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }));
    fc.assert(
      fc.property(fc.integer({ min: PAGE_SIZE - 120, max: PAGE_SIZE }), row, (start, [key, mode, t, size]) => {
        const whole = page(start);
        const rw = seq_puts(whole, `${fmt_dec(key, 10)}  ${fmt_oct(mode, 4)} ${fmt_u64(size, 21)} ${fmt_dec(t, 10)}\n`);
        const pieces = page(start);
        seq_put_dec(pieces, '', key, 10);
        seq_put_oct(pieces, '  ', mode, 4);
        seq_put_u64(pieces, ' ', size, 21);
        seq_put_dec(pieces, ' ', t, 10);
        const rp = seq_puts(pieces, '\n');
        const end = whole.count === PAGE_SIZE ? start : whole.count;
        expect([rp, pieces.count, used(pieces, end)]).toEqual([rw, whole.count, used(whole, end)]);
      }),
      { numRuns: 300 },
    );
  });

  it('formats %10d, %5u, %21lu and %4o like vsnprintf', () => {
    expect(fmt_dec(-2, 10)).toBe('        -2');
    expect(fmt_dec(123456, 5)).toBe('123456');
    expect(fmt_u64(18446744073692774399n, 21)).toBe(' 18446744073692774399');
    expect(fmt_oct(0o2640, 4)).toBe('2640');
    expect(fmt_oct(0, 4)).toBe('   0');
  });
});

describe('property: /proc/sysvipc output does not depend on the read size', () => {
  it('reads of 1, 7, 100, 4096 and 131072 bytes concatenate to the same text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind: fc.constantFrom('msg', 'shm', 'sem'), key: fc.integer({ min: -3, max: 40 }), rm: fc.boolean() }), {
          minLength: 0,
          maxLength: 120,
        }),
        (ops) => {
          const k = ipcKernel();
          const created: number[] = [];
          for (const op of ops) {
            if (op.kind === 'msg') created.push(sys_msgget(k, op.key, 0o1666));
            else if (op.kind === 'shm') sys_shmget(k, op.key, BigInt(op.key * 1000 + 4096), 0o1640);
            else sys_semget(k, op.key, 3, 0o1600);
            if (op.rm && created.length > 1) sys_msgctl(k, created[created.length - 2]!, IPC_RMID);
          }
          for (const path of ['/proc/sysvipc/msg', '/proc/sysvipc/shm', '/proc/sysvipc/sem']) {
            const ref = readAll(k, path, 131072).text;
            expect(ref.split('\n').length).toBeGreaterThan(1);
            for (const n of [1, 7, 100, 4096]) expect(readAll(k, path, n).text).toBe(ref);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
