import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newProbe } from '../../probe';
import type { TraceEvent } from '../../trace';
import { dirent64_reclen, GETDENTS_BUFSIZE } from '../readdir';
import {
  __proc_create,
  PROC_DYNAMIC_FIRST,
  pde_subdir_find,
  proc_create_data,
  proc_fs_init,
  proc_match,
  proc_mkdir,
  proc_readdir,
  remove_proc_entry,
  S_IFDIR,
  type ProcDirImpl,
  type ProcFs,
} from './generic';

function setup(impl: ProcDirImpl = 'rbtree'): { fs: ProcFs; dir: ReturnType<typeof __proc_create> & object } {
  const fs = proc_fs_init(impl);
  const dir = __proc_create(fs, 'net', S_IFDIR | 0o555, 2)!;
  return { fs, dir };
}

function add(fs: ProcFs, dir: NonNullable<ReturnType<typeof __proc_create>>, names: string[]): void {
  for (const n of names) expect(proc_create_data(fs, n, 0o444, dir, 'x', null)).not.toBeNull();
}

describe('proc_match', () => {
  it('sorts a shorter name first, then bytewise', () => {
    const { fs } = setup();
    const de = __proc_create(fs, 'ifb9', 0o100444, 1)!;
    expect(proc_match('ifb10', de, 5)).toBeGreaterThan(0);
    expect(proc_match('zz', de, 2)).toBeLessThan(0);
    expect(proc_match('ifb8', de, 4)).toBeLessThan(0);
    expect(proc_match('ifb9', de, 4)).toBe(0);
  });
});

describe('a 3.19+ procfs directory (rbtree)', () => {
  it('lists entries by length then bytes, as ls -U /proc/net/dev_snmp6 shows (kernel-observed 29)', () => {
    const { fs, dir } = setup();
    add(fs, dir, ['lo', 'ifb0', 'zz', 'ifb10', 'B', 'ifb100', 'a', 'ifb9', 'Z9', '_x', '\xc3\xa9']);
    expect(proc_readdir(fs, dir)).toEqual(['B', 'a', 'Z9', '_x', 'lo', 'zz', '\xc3\xa9', 'ifb0', 'ifb9', 'ifb10', 'ifb100']);
  });

  it('keeps the position of a name that is removed and added again', () => {
    const { fs, dir } = setup();
    add(fs, dir, ['lo', 'ifb0', 'ifb1', 'ifb2']);
    expect(remove_proc_entry(fs, 'ifb0', dir)).toBe(true);
    add(fs, dir, ['ifb0']);
    expect(proc_readdir(fs, dir)).toEqual(['lo', 'ifb0', 'ifb1', 'ifb2']);
  });

  it('refuses a duplicate name with the kernel WARN and frees its inode number', () => {
    const { fs, dir } = setup();
    add(fs, dir, ['lo']);
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    expect(proc_create_data(fs, 'lo', 0o444, dir, 'x', null, p)).toBeNull();
    expect(events).toContainEqual({ kind: 'proc_warn', message: "proc_dir_entry 'net/lo' already registered" });
    expect(proc_create_data(fs, 'ifb0', 0o444, dir, 'x', null)!.low_ino).toBe(PROC_DYNAMIC_FIRST + 1);
    expect(proc_readdir(fs, dir)).toEqual(['lo', 'ifb0']);
  });

  it('hands out the lowest free inode number, so a re-created entry gets its old number back', () => {
    const { fs, dir } = setup();
    add(fs, dir, ['lo', 'ifb0', 'ifb1', 'ifb2']);
    expect(pde_subdir_find(fs, dir, 'ifb0')!.low_ino).toBe(0xf0000001);
    remove_proc_entry(fs, 'ifb2', dir);
    remove_proc_entry(fs, 'ifb0', dir);
    add(fs, dir, ['ifb0', 'x', 'y']);
    expect(pde_subdir_find(fs, dir, 'ifb0')!.low_ino).toBe(0xf0000001);
    expect(pde_subdir_find(fs, dir, 'x')!.low_ino).toBe(0xf0000003);
    expect(pde_subdir_find(fs, dir, 'y')!.low_ino).toBe(0xf0000004);
  });

  it('counts a directory in its parent nlink and refuses "", ".", ".." and names with /', () => {
    const { fs, dir } = setup();
    expect(proc_mkdir(fs, 'dev_snmp6', dir)).not.toBeNull();
    expect(dir.nlink).toBe(3);
    for (const bad of ['', '.', '..', 'a/b', 'x'.repeat(256)]) expect(proc_create_data(fs, bad, 0o444, dir, 'x', null)).toBeNull();
    expect(remove_proc_entry(fs, 'dev_snmp6', dir)).toBe(true);
    expect(dir.nlink).toBe(2);
    expect(remove_proc_entry(fs, 'dev_snmp6', dir)).toBe(false);
  });

  it('finds a name in O(log n) compares', () => {
    const { fs, dir } = setup();
    add(
      fs,
      dir,
      Array.from({ length: 1000 }, (_, i) => `ifb${i}`),
    );
    const p = newProbe();
    expect(pde_subdir_find(fs, dir, 'ifb777', p)!.name).toBe('ifb777');
    expect(p.costs.rb_compares).toBeLessThanOrEqual(2 * Math.log2(1001));
    expect(p.costs.list_steps).toBe(0);
  });

  it('agrees with a sorted model under random adds and removes', () => {
    const key = (s: string) => [s.length, s] as const;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.stringMatching(/^[a-z0-9]{1,4}$/)), { maxLength: 200 }), (ops) => {
        const { fs, dir } = setup();
        const model = new Set<string>();
        for (const [adding, name] of ops) {
          if (adding) expect(proc_create_data(fs, name, 0o444, dir, 'x', null) !== null).toBe(!model.has(name));
          else expect(remove_proc_entry(fs, name, dir)).toBe(model.has(name));
          if (adding) model.add(name);
          else model.delete(name);
        }
        const sorted = [...model].sort((a, b) => {
          const [la, sa] = key(a);
          const [lb, sb] = key(b);
          return la - lb || (sa < sb ? -1 : sa > sb ? 1 : 0);
        });
        expect(proc_readdir(fs, dir)).toEqual(sorted);
      }),
    );
  });
});

describe('a ≤3.18 procfs directory (singly linked list)', () => {
  it('lists the newest entry first', () => {
    const { fs, dir } = setup('list');
    add(fs, dir, ['lo', 'ifb0', 'ifb1']);
    expect(proc_readdir(fs, dir)).toEqual(['ifb1', 'ifb0', 'lo']);
  });

  it('only warns about a duplicate and adds it anyway; lookup and removal take the newest', () => {
    const { fs, dir } = setup('list');
    add(fs, dir, ['lo', 'ifb0', 'ifb1']);
    const events: TraceEvent[] = [];
    const p = newProbe((e) => events.push(e));
    const dup = proc_create_data(fs, 'ifb0', 0o444, dir, 'x', 'second', p);
    expect(dup).not.toBeNull();
    expect(events).toContainEqual({ kind: 'proc_warn', message: "proc_dir_entry 'net/ifb0' already registered" });
    // the duplicate check walked two entries (ifb1, then the old ifb0)
    expect(p.costs.list_steps).toBe(2);
    expect(proc_readdir(fs, dir)).toEqual(['ifb0', 'ifb1', 'ifb0', 'lo']);
    expect(pde_subdir_find(fs, dir, 'ifb0')!.data).toBe('second');
    remove_proc_entry(fs, 'ifb0', dir);
    expect(proc_readdir(fs, dir)).toEqual(['ifb1', 'ifb0', 'lo']);
    expect(pde_subdir_find(fs, dir, 'ifb0')!.data).toBeNull();
  });

  it('looks up by walking from the newest entry', () => {
    const { fs, dir } = setup('list');
    add(
      fs,
      dir,
      Array.from({ length: 100 }, (_, i) => `ifb${i}`),
    );
    const p = newProbe();
    expect(pde_subdir_find(fs, dir, 'ifb0', p)!.name).toBe('ifb0');
    expect(p.costs.list_steps).toBe(100);
  });
});

describe('readdir through getdents64', () => {
  it('uses 32-byte records for 5-byte names and 24 for "." and ".."', () => {
    expect(dirent64_reclen(1)).toBe(24);
    expect(dirent64_reclen(2)).toBe(24);
    expect(dirent64_reclen(4)).toBe(24);
    expect(dirent64_reclen(5)).toBe(32);
    expect(GETDENTS_BUFSIZE).toBe(32768);
  });

  it('re-walks pos-2 entries from the first on every call (proc_readdir_de)', () => {
    const { fs, dir } = setup();
    // 2000 names of 5 bytes: call 1 holds . .. and 1022 names, call 2 the other 978, call 3 nothing
    add(
      fs,
      dir,
      Array.from({ length: 2000 }, (_, i) => `d${String(i).padStart(4, '0')}`),
    );
    const p = newProbe();
    const names = proc_readdir(fs, dir, p);
    expect(names.length).toBe(2000);
    expect(names[0]).toBe('d0000');
    expect(names[1999]).toBe('d1999');
    expect(p.costs.getdents_calls).toBe(3);
    // call 1: 1022 rb_next after emitting; call 2: 1022 skipped + 978; call 3: 2000 skipped
    expect(p.costs.rb_next_steps).toBe(1022 + 1022 + 978 + 2000);
  });

  it('makes an empty directory cost two calls and no steps', () => {
    const { fs, dir } = setup();
    const p = newProbe();
    expect(proc_readdir(fs, dir, p)).toEqual([]);
    expect(p.costs.getdents_calls).toBe(2);
    expect(p.costs.rb_next_steps).toBe(0);
  });

  it('walks the list with list_steps in the ≤3.18 variant', () => {
    const { fs, dir } = setup('list');
    add(fs, dir, ['a', 'b', 'c']);
    const p = newProbe();
    expect(proc_readdir(fs, dir, p)).toEqual(['c', 'b', 'a']);
    expect(p.costs.list_steps).toBe(3 + 3);
    expect(p.costs.rb_next_steps).toBe(0);
  });
});

describe('plain data', () => {
  it('a directory survives structuredClone', () => {
    const { fs, dir } = setup();
    add(fs, dir, ['lo', 'ifb0', 'ifb1']);
    const copy = structuredClone({ fs, dir });
    expect(proc_readdir(copy.fs, copy.dir)).toEqual(['lo', 'ifb0', 'ifb1']);
    add(copy.fs, copy.dir, ['x']);
    expect(proc_readdir(fs, dir)).toEqual(['lo', 'ifb0', 'ifb1']);
  });

  it('is created with the inode numbers from PROC_DYNAMIC_FIRST', () => {
    const { fs, dir } = setup();
    const d = proc_mkdir(fs, 'dev_snmp6', dir)!;
    expect(d.low_ino).toBe(0xf0000000);
  });
});
