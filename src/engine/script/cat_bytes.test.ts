// cat reads a file into bytes (sys_read_into) and prints them as they are
// when ASCII, else decoded from UTF-8. Its oracle is the string reader cat
// had before: the file read by sys_read, CAT_READ_SIZE bytes at a time, its
// lines counted, decoded from UTF-8 and encoded again. cat must print what
// the oracle prints and cost what it costs; and run with a sys_read_into
// made of sys_read it must make the same reads (costs, marks, trace) and
// fail the same way, run to the end into a sink, into text, and stepped.
import { describe, expect, it } from 'vitest';
import { createKernel } from '../kernel';
import { newProbe, type Probe } from '../probe';
import { decodeUtf8 } from './bytes';
import { readIntoByRead } from './fake_kernel';
import { CAT_READ_SIZE } from './file_ops';
import { formatCat, formatLine } from './format';
import { createRun } from './interpreter';
import { KERNEL_SYSCALLS } from './kernel_syscalls';
import { parseProgram } from './parser';
import type { Syscalls } from './syscalls';
import type { Kernel } from '../kernel';
import type { FileOps, Mount } from '../fs/vfs';
import { O_RDONLY, sys_close, sys_open, sys_read, sys_read_into } from '../fs/vfs';

const STRINGS: Syscalls<Kernel> = { ...KERNEL_SYSCALLS, sys_read_into: readIntoByRead(sys_read) };

type Mode = 'sink' | 'text' | 'step';

function newKernel(events: string[], prepare: (k: Kernel) => void): Kernel {
  const probe: Probe = newProbe((ev) => events.push(JSON.stringify(ev)));
  probe.mark = (ev) => events.push(JSON.stringify(ev));
  const kernel = createKernel(undefined, probe);
  prepare(kernel);
  return kernel;
}

/** What `text` prints (as latin1 of its UTF-8), its error, the costs and every trace and mark event, with `syscalls`. */
function run(text: string, syscalls: Syscalls<Kernel>, mode: Mode, prepare: (k: Kernel) => void) {
  const events: string[] = [];
  const kernel = newKernel(events, prepare);
  const r = createRun(parseProgram(text), kernel, { syscalls, trace: kernel.probe.trace });
  let output: string;
  let error: string | null = null;
  if (mode === 'step') {
    output = '';
    for (;;) {
      const s = r.step();
      if (s.kind === 'op') output += s.output;
      else {
        if (s.kind === 'error') error = s.error.message;
        break;
      }
    }
    output = Buffer.from(output, 'utf8').toString('latin1');
  } else if (mode === 'sink') {
    const chunks: Uint8Array[] = [];
    error = r.runToEnd((c) => chunks.push(c)).error?.message ?? null;
    output = Buffer.concat(chunks).toString('latin1');
  } else {
    const e = r.runToEnd();
    output = Buffer.from(e.output, 'utf8').toString('latin1');
    error = e.error?.message ?? null;
  }
  return { output, error, costs: { ...kernel.probe.costs }, events };
}

/** The string reader: the whole file, read CAT_READ_SIZE bytes at a time by sys_read, or -errno. */
function readFile(k: Kernel, path: string): string | number {
  const fd = sys_open(k, path, O_RDONLY);
  if (fd < 0) return fd;
  let data = '';
  for (;;) {
    const got = sys_read(k, fd, CAT_READ_SIZE);
    if (typeof got === 'number') {
      sys_close(k, fd);
      return got;
    }
    if (got.length === 0) break;
    data += got;
  }
  sys_close(k, fd);
  return data;
}

/** The oracle: `setup` run, then what `cat PATH` printed for each path through the string reader (as latin1 of its UTF-8), and the costs. */
function oracle(setup: string, paths: string[], prepare: (k: Kernel) => void) {
  const kernel = newKernel([], prepare);
  const r = createRun(parseProgram(setup), kernel, { syscalls: KERNEL_SYSCALLS }).runToEnd();
  expect(r.error).toBeNull();
  let text = r.output;
  for (const path of paths) {
    const data = readFile(kernel, path);
    if (typeof data === 'number') {
      text += formatLine(formatCat(path), data);
      continue;
    }
    const unended = data.length > 0 && !data.endsWith('\n');
    text += formatLine(formatCat(path), data.split('\n').length - 1 + (unended ? 1 : 0)) + decodeUtf8(data) + (unended ? '\n' : '');
  }
  return { output: Buffer.from(text, 'utf8').toString('latin1'), costs: { ...kernel.probe.costs } };
}

/** cat of each path after `setup`, in every mode, against the oracle and against a run whose sys_read_into is made of sys_read. */
function same(setup: string, paths: string[], prepare: (k: Kernel) => void = () => {}): string {
  const text = setup + paths.map((p) => `cat ${p}\n`).join('');
  const expected = oracle(setup, paths, prepare);
  for (const mode of ['sink', 'text', 'step'] as Mode[]) {
    const bytes = run(text, KERNEL_SYSCALLS, mode, prepare);
    const strings = run(text, STRINGS, mode, prepare);
    expect(bytes.output).toBe(expected.output);
    expect(bytes.costs).toEqual(expected.costs);
    expect(bytes.error).toBeNull();
    expect(strings.output).toBe(bytes.output);
    expect(strings.error).toBe(bytes.error);
    expect(strings.costs).toEqual(bytes.costs);
    expect(strings.events).toEqual(bytes.events);
  }
  return expected.output;
}

describe('cat prints what the string reader prints', () => {
  it('multi-page /proc/sysvipc files (rows across 4 KB pages, several 128 KB reads, a long output)', () => {
    const out = same('echo 4000 > /proc/sys/kernel/msgmni\nrepeat 3000 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\nrepeat 300 { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }\n', [
      '/proc/sysvipc/msg',
      '/proc/sysvipc/msg',
      '/proc/sysvipc/shm',
    ]);
    expect(out.length).toBeGreaterThan(2 * 131072);
    expect(out).toContain('cat /proc/sysvipc/msg = 3001\n');
    expect(out).toContain('cat /proc/sysvipc/shm = 301\n');
  });

  it('short files: the header alone, sysctl files, an error, a directory', () => {
    const out = same('', ['/proc/sysvipc/sem', '/proc/sys/kernel/msgmni', '/proc/sys/kernel/shmmax', '/proc/sys/kernel/sem', '/proc/sysvipc']);
    expect(out).toContain('cat /proc/sysvipc = -1 EISDIR');
  });

  it('a file that does not end with a newline, an empty file, and bytes that are not ASCII', () => {
    // a file of the test's own: its contents set per test through the mount
    let contents = '';
    const ops: FileOps = {
      read(_k, f, count) {
        const s = contents.slice(f.pos, f.pos + count);
        f.pos += s.length;
        return s;
      },
    };
    const mount: Mount = { prefix: '/test/', lookup: () => ({ type: 'file', ops }) };
    const prepare = (k: Kernel): void => {
      k.mounts = [mount, ...k.mounts];
    };
    for (const c of [
      '',
      'no newline',
      'a\nb\n',
      'caf\xc3\xa9\n',
      'bad \xff\xfe utf-8\nline',
      '\x80',
      'x'.repeat(300000) + '\n\xe2\x82',
      'y\n'.repeat(140000),
      '\n'.repeat(9),
      'ab\n'.repeat(50000) + 'end',
      '\x7f\x00\n\x0b\x0a\x09'.repeat(5000),
    ]) {
      contents = c;
      same('', ['/test/file'], prepare);
    }
  });
});

describe('sys_read_into', () => {
  it('reads what sys_read reads, at any count (a page boundary inside a row), also after a queue is removed between two reads', () => {
    const text = 'echo 4000 > /proc/sys/kernel/msgmni\nrepeat 200 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }\n';
    for (const count of [1, 7, 100, 4095, 4096, 4097, 20000]) {
      const ks = [0, 1].map(() => {
        const k = createKernel();
        createRun(parseProgram(text), k, { syscalls: KERNEL_SYSCALLS }).runToEnd();
        return k;
      });
      const a = ks[0]!;
      const b = ks[1]!;
      const fa = sys_open(a, '/proc/sysvipc/msg', O_RDONLY);
      const fb = sys_open(b, '/proc/sysvipc/msg', O_RDONLY);
      const dst = new Uint8Array(count + 3);
      for (let i = 0; ; i++) {
        const s = sys_read(a, fa, count);
        const n = sys_read_into(b, fb, dst, 3, count);
        expect(typeof s === 'string' ? s.length : s).toBe(n);
        if (typeof s !== 'string' || s.length === 0) break;
        expect(Buffer.from(dst.subarray(3, 3 + n)).toString('latin1')).toBe(s);
        if (i === 2) {
          // a queue removed between two reads
          KERNEL_SYSCALLS.sys_msgctl(a, 5, 0);
          KERNEL_SYSCALLS.sys_msgctl(b, 5, 0);
        }
      }
      expect(a.probe.costs).toEqual(b.probe.costs);
      sys_close(a, fa);
      sys_close(b, fb);
    }
  });
});
