import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootMachine } from '../api';
import { configForChoice } from '../kernel_choice';
import { KERNEL_PRESETS } from '../presets';
import type { TraceEvent } from '../trace';
import { codeContexts, codeStep, entryOf, entryStep, sourceHref } from './code_track';
import { LISTINGS, lineOf } from './listings';
import { viewAlso } from './event_code';

const EXAMPLES = new URL('../../../public/examples/', import.meta.url);

/** An example workload with its variables made small. */
function example(file: string): string {
  return readFileSync(new URL(file, EXAMPLES), 'utf8').replace(/^#@default .*$/m, (l) => l.replace(/=\d+/g, (m) => (Number(m.slice(1)) > 4 ? '=4' : m)));
}

/** Each operation of `text` on `preset`: its statement's text and its events. */
function operations(text: string, preset: string): { statement: string; events: TraceEvent[] }[] {
  const booted = bootMachine(text, configForChoice({ preset }));
  if (!booted.ok) throw new Error(booted.error.message);
  const m = booted.machine;
  const out: { statement: string; events: TraceEvent[] }[] = [];
  for (;;) {
    const events: TraceEvent[] = [];
    // 002 on ≤5.13 steps down 16 million slots: the first events say enough
    const trace = (e: TraceEvent) => {
      if (events.length < 20000) events.push(e);
      else if (m.kernel.probe.trace === trace) m.kernel.probe.trace = null;
    };
    m.kernel.probe.trace = trace;
    const r = m.run.step();
    m.kernel.probe.trace = null;
    if (r.kind !== 'op') return out;
    out.push({ statement: text.slice(r.start, r.end), events });
  }
}

function steps(file: string, preset: string, opIndex: number) {
  const op = operations(example(file), preset)[opIndex]!;
  const base = { config: configForChoice({ preset }), release: preset, statement: op.statement };
  const ctx = codeContexts(op.events, base);
  return { op, all: op.events.map((_, i) => codeStep(op.events, i, ctx)) };
}

describe('the event → code table', () => {
  // the multi-CPU examples (a `cpus` topology line) run in the SMP model, which is not stepped
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.ipc') && !/^cpus /m.test(example(f)));
  for (const preset of ['2.6.25', '3.18', '3.19', '5.13', '5.15', '6.18']) {
    it(`gives every event of every example on ${preset} a listed line and a linked call stack`, () => {
      let seen = 0;
      for (const f of files) {
        // (seed 002's 16 million empty slots take seconds to walk even untraced)
        for (const op of operations(example(f).replace(/16000000/g, '1000'), preset)) {
          const base = { config: configForChoice({ preset }), release: preset, statement: op.statement };
          const ctx = codeContexts(op.events, base);
          op.events.forEach((_, i) => {
            const s = codeStep(op.events, i, ctx);
            expect(s.line).toBeGreaterThan(0);
            expect(s.line).toBeLessThanOrEqual(LISTINGS[s.fn].lines.length);
            expect(s.stack.at(-1)!.name).toBe(s.name);
            for (const fr of s.stack)
              if (fr.name !== 'the system call') expect(fr.href, `${fr.name} in ${op.statement}`).toMatch(new RegExp(`^https://elixir\\.bootlin\\.com/linux/v${preset.replace(/\./g, '\\.')}/source/`));
            expect(s.why.length).toBeGreaterThan(10);
            seen++;
          });
        }
      }
      expect(seen).toBeGreaterThan(100);
    });
  }

  it('gives the key lookups their code: the ≤4.13 walk on 3.18, the rhashtable on 6.18', () => {
    const text = 'msgget(5, IPC_CREAT|0600)\nmsgget(7, IPC_CREAT|0600)\nmsgget(5, 0)\nq = msgget(7, 0)\nmsgctl(q, IPC_RMID)\n';
    const fns = (preset: string) => {
      const out = new Set<string>();
      for (const op of operations(text, preset)) {
        const ctx = codeContexts(op.events, { config: configForChoice({ preset }), release: preset, statement: op.statement });
        op.events.forEach((_, i) => out.add(codeStep(op.events, i, ctx).fn));
      }
      return out;
    };
    expect(fns('3.18').has('ipc_findkey')).toBe(true);
    expect(fns('3.18').has('rhashtable_lookup_fast')).toBe(false);
    const modern = fns('6.18');
    for (const f of ['rhashtable_lookup_fast', 'rhashtable_insert_fast', 'rhashtable_remove_fast']) expect(modern.has(f), f).toBe(true);
  });

  it('knows every preset release as a version a source link can name', () => {
    for (const preset of Object.keys(KERNEL_PRESETS)) expect(sourceHref(preset, 'ipc/util.c')).toBe(`https://elixir.bootlin.com/linux/v${preset}/source/ipc/util.c`);
  });

  it("names the statement's system call as the entry of the stack", () => {
    expect(entryOf('msgrcv(q, 0, 4, IPC_NOWAIT)')).toBe('sys_msgrcv');
    expect(entryOf('q = msgget(IPC_PRIVATE, 0600)')).toBe('sys_msgget');
    expect(entryOf('cat /proc/sysvipc/shm')).toBe('sys_read');
    expect(entryOf('echo 5 > /proc/sys/kernel/msgmni')).toBe('sys_write');
    expect(entryOf('ls -U /proc/net/dev_snmp6')).toBe('sys_getdents64');
    expect(entryOf('ip link add type ifb')).toBe('rtnl_newlink');
    expect(entryOf('ip link delete ifb0')).toBe('rtnl_dellink');
    expect(entryOf('semop(s, {0, 1})')).toBe('sys_semop');
    expect(entryOf('@cons r = semtimedop(s, {0, -1}, 0, 5)')).toBe('sys_semtimedop');
    expect(entryOf('@cons kill')).toBe('do_exit');
    expect(entryOf('shmat(m, 0, 0)')).toBe('sys_shmat');
    const over = entryStep({ config: configForChoice({}), release: '6.18', statement: 'msgctl(q, IPC_RMID)' });
    expect(over.stack.map((f) => f.name)).toEqual(['sys_msgctl']);
    expect(over.line).toBe(lineOf('sys_msgctl', 'entry'));
  });

  it('puts each probe of ipc_search_maxidx on 5.15 on its probe line, under sys_msgctl › ipc_rmid', () => {
    // seed 002, operation 3: msgctl(q, IPC_RMID) of the queue at index 16000000 & 0xffffff... the highest
    const { op, all } = steps('002-ipc-search-maxidx.ipc', '5.15', 2);
    const probes = op.events.flatMap((e, i) => (e.kind === 'maxidx_probe' ? [all[i]!] : []));
    expect(probes.length).toBeGreaterThan(10);
    for (const p of probes) {
      expect(p.fn).toBe('ipc_search_maxidx');
      expect(p.line).toBe(lineOf('ipc_search_maxidx', 'probe'));
      expect(p.stack.map((f) => f.name)).toEqual(['sys_msgctl', 'msgctl_down', 'ipc_rmid', 'ipc_search_maxidx']);
      expect(p.stack.at(-1)!.href).toBe('https://elixir.bootlin.com/linux/v5.15/source/ipc/util.c');
    }
    // the idr_get_next of each probe runs under it
    const gets = op.events.flatMap((e, i) => (e.kind === 'idr_result' && e.op === 'get_next' ? [all[i]!] : []));
    expect(gets.length).toBe(probes.length);
    expect(gets[0]!.stack.map((f) => f.name).slice(-2)).toEqual(['ipc_search_maxidx', 'idr_get_next']);
  });

  it("walks 5.13's step-down in ipc_rmid instead", () => {
    const { op, all } = steps('002-ipc-search-maxidx.ipc', '5.13', 2);
    const first = op.events.findIndex((e) => e.kind === 'maxidx_step');
    expect(first).toBeGreaterThan(0);
    expect(all[first]!.fn).toBe('ipc_rmid');
    expect(all[first]!.line).toBe(lineOf('ipc_rmid', 'stepdown'));
  });

  it("tells procfs's rb-tree insert from a /proc/sys directory's on 3.19", () => {
    const { op, all } = steps('003-procfs-rbtree.ipc', '3.19', 1);
    const reg = op.events.findIndex((e) => e.kind === 'proc_register');
    expect(reg).toBeGreaterThan(0);
    const link = op.events
      .slice(0, reg)
      .map((e) => e.kind)
      .lastIndexOf('rb_link');
    expect(all[link]!.fn).toBe('pde_subdir_insert');
    expect(all[link]!.stack.map((f) => f.name)).toEqual(['rtnl_newlink', 'proc_register', 'pde_subdir_insert']);
    const firstCompare = op.events.findIndex((e) => e.kind === 'rb_compare');
    expect(all[firstCompare]!.fn).toBe('insert_entry');
  });

  it("names seq_read before 5.10 and seq_read_iter from 5.10, each in its release's tree", () => {
    // operation 6: the cat after the echo and 4 shmget
    const at = (preset: string) => steps('000-sysvipc-find-ipc.ipc', preset, 5).all[0]!;
    expect(at('4.19').name).toBe('seq_read');
    expect(at('5.10').name).toBe('seq_read_iter');
    expect(at('4.19').stack.map((f) => f.name)).toEqual(['sys_read', 'seq_read']);
    expect(at('5.10').stack[1]!.href).toBe('https://elixir.bootlin.com/linux/v5.10/source/fs/seq_file.c');
  });

  it("walks a semop that wakes a sleeper: its lock, its own sops, the scan, the sleeper's sops and the wake-up", () => {
    const text = 's = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@cons semop(s, {0, -1, SEM_UNDO})\nsemop(s, {0, 1})\n@cons kill\n';
    const ops = operations(text, '6.18');
    const base = { config: configForChoice({ preset: '6.18' }), release: '6.18', statement: ops[2]!.statement };
    const ctx = codeContexts(ops[2]!.events, base);
    const all = ops[2]!.events.map((_, i) => codeStep(ops[2]!.events, i, ctx)).filter((s) => s.mechanism === 'sem');
    expect(all.map((s) => s.fn)).toEqual(['sem_lock', 'perform_atomic_semop', 'update_queue', 'perform_atomic_semop', 'perform_atomic_semop', 'wake_up_sem_queue_prepare', 'sem_unlock']);
    expect(all[5]!.stack.map((f) => f.name)).toEqual(['sys_semop', 'do_semtimedop', 'do_smart_update', 'update_queue', 'wake_up_sem_queue_prepare']);
    expect(all[5]!.mechanism).toBe('sem');
    expect(all[4]!.why).toContain('semadj of semaphore 0 is now 1');
    // the kill applies the undo: exit_sem under do_exit
    const kill = ops[3]!;
    const kctx = codeContexts(kill.events, { ...base, statement: kill.statement });
    const exit = kill.events.findIndex((e) => e.kind === 'sem_exit');
    expect(codeStep(kill.events, exit, kctx).stack.map((f) => f.name)).toEqual(['do_exit', 'exit_sem']);
    // before 3.11 the function was try_atomic_semop
    const old = codeContexts(ops[2]!.events, { ...base, config: configForChoice({ preset: '3.10' }), release: '3.10' });
    const perform = ops[2]!.events.findIndex((e) => e.kind === 'sem_perform');
    expect(codeStep(ops[2]!.events, perform, old).name).toBe('try_atomic_semop');
  });
});

describe('viewAlso', () => {
  it('the /proc view also stops at the name scan it draws, in an operation without directory events; the other views draw only their own', () => {
    expect(viewAlso('proc')).toEqual(['netdev']);
    for (const v of ['idr', 'maxidx', 'percpu', 'seqfile', 'keyht'] as const) expect(viewAlso(v)).toEqual([]);
  });
});
