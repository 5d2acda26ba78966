import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('kernel-history options', () => {
  it('run accepts --kernel, repeated --set and --var', () => {
    expect(parseArgs(['run', 'w.ipc', '--kernel', '5.13', '--set', 'sysvipc_find_ipc=count', '--set=idr=radix', '--var', 'N=4'])).toMatchObject({
      ok: true,
      value: { command: 'run', kernel: '5.13', sets: ['sysvipc_find_ipc=count', 'idr=radix'], vars: ['N=4'] },
    });
    expect(parseArgs(['run', 'w.ipc', '--kernel'])).toEqual({ ok: false, message: '--kernel needs a value' });
  });

  it('--list-kernels is a command of its own', () => {
    expect(parseArgs(['--list-kernels'])).toEqual({ ok: true, value: { command: 'list-kernels' } });
  });

  it('sweep takes a FILE, --var lists, several --kernel, --set and --smp, and one output format', () => {
    expect(parseArgs(['sweep', 'w.ipc', '--var', 'N=1,2', '--kernel', '5.13', '--kernel=6.18', '--set', 'ipc_maxidx=linear,bsearch', '--smp', 'ipc_ns_offset=32', '--csv'])).toEqual({
      ok: true,
      value: { command: 'sweep', file: 'w.ipc', vars: ['N=1,2'], kernels: ['5.13', '6.18'], sets: ['ipc_maxidx=linear,bsearch'], smp: ['ipc_ns_offset=32'], format: 'csv', maxSteps: null, jobs: null },
    });
    expect(parseArgs(['sweep', 'w.ipc'])).toEqual({ ok: false, message: 'sweep needs --var NAME=V1,V2,...' });
    expect(parseArgs(['sweep', 'w.ipc', '--var', 'N=1', '--csv', '--json'])).toEqual({ ok: false, message: 'give only one of --csv and --json' });
    expect(parseArgs(['sweep', 'a', 'b', '--var', 'N=1'])).toEqual({ ok: false, message: 'sweep takes one FILE' });
  });
});
