import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootMachine } from '../api';
import { configForChoice } from '../kernel_choice';
import { proc_match, type ProcDirEntry } from '../fs/proc/generic';
import { namecmp } from '../net/sysctl_net';
import type { TraceEvent } from '../trace';
import { codeContexts } from './code_context';

const text = readFileSync(new URL('../../../public/examples/003-procfs-rbtree.ipc', import.meta.url), 'utf8');

describe('codeContexts: the name an rb-tree descent is about', () => {
  it('names, for every comparison of seed 003 on 3.19, a name the engine orders as the comparison went, and for an insert the name linked', () => {
    const config = configForChoice({ preset: '3.19' });
    const booted = bootMachine(text, config);
    if (!booted.ok) throw new Error(booted.error.message);
    const m = booted.machine;
    let compares = 0;
    for (let op = 0; op < 70; op++) {
      const events: TraceEvent[] = [];
      m.kernel.probe.trace = (e) => events.push(e);
      const r = m.run.step();
      m.kernel.probe.trace = null;
      if (r.kind !== 'op') break;
      const ctx = codeContexts(events, { config, release: '3.19', statement: text.slice(r.start, r.end) });
      events.forEach((e, i) => {
        if (e.kind !== 'rb_compare') return;
        compares++;
        const { rbName: name, rbOrder: order } = ctx[i]!;
        expect(name, `event ${i + 1} of operation ${op + 1}`).not.toBeNull();
        // the engine's own comparison functions, not ours
        const r = order === 'length' ? proc_match(name!, { name: e.key, namelen: e.key.length } as ProcDirEntry, name!.length) : namecmp(name!, e.key);
        expect(Math.sign(r)).toBe(e.dir);
        const end = events.slice(i).find((x) => x.kind !== 'rb_compare' || x.dir === 0)!;
        if (end.kind === 'rb_link') expect(name).toBe(end.key);
      });
    }
    expect(compares).toBeGreaterThan(500);
  });
});
