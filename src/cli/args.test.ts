import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('parseArgs', () => {
  it('--help, -h, --version and -V need no command', () => {
    expect(parseArgs(['--help'])).toEqual({ ok: true, value: { command: 'help' } });
    expect(parseArgs(['-h'])).toEqual({ ok: true, value: { command: 'help' } });
    expect(parseArgs(['--version'])).toEqual({ ok: true, value: { command: 'version' } });
    expect(parseArgs(['-V'])).toEqual({ ok: true, value: { command: 'version' } });
    expect(parseArgs(['run', '--help'])).toEqual({ ok: true, value: { command: 'help' } });
  });

  it('run takes one FILE or - and options before or after it', () => {
    expect(parseArgs(['run', 'w.ipc'])).toEqual({
      ok: true,
      value: { command: 'run', file: 'w.ipc', costs: false, json: false, maxSteps: null, blockTimeout: null, ipcmniExtend: false, kernel: null, sets: [], vars: [], smp: [] },
    });
    expect(parseArgs(['run', '--costs', '-', '--json', '--max-steps', '100', '--block-timeout=0.5', '--ipcmni-extend'])).toEqual({
      ok: true,
      value: { command: 'run', file: '-', costs: true, json: true, maxSteps: 100, blockTimeout: 0.5, ipcmniExtend: true, kernel: null, sets: [], vars: [], smp: [] },
    });
    expect(parseArgs(['run', '--max-steps=7', '--', '-weird-name'])).toMatchObject({
      ok: true,
      value: { file: '-weird-name', maxSteps: 7 },
    });
  });

  it('rejects what it does not know with a message', () => {
    expect(parseArgs([])).toEqual({ ok: false, message: 'no command given' });
    expect(parseArgs(['sweep'])).toEqual({ ok: false, message: 'sweep needs a workload FILE (or - for stdin)' });
    expect(parseArgs(['trace'])).toEqual({ ok: false, message: 'unknown command trace' });
    expect(parseArgs(['constructor'])).toEqual({ ok: false, message: 'unknown command constructor' });
    expect(parseArgs(['--kernel'])).toEqual({ ok: false, message: 'unknown option --kernel' });
    expect(parseArgs(['run', 'a', '--bogus'])).toEqual({ ok: false, message: 'unknown option --bogus' });
    expect(parseArgs(['run'])).toEqual({ ok: false, message: 'run needs a workload FILE (or - for stdin)' });
    expect(parseArgs(['run', 'a', 'b'])).toEqual({ ok: false, message: 'run takes one FILE' });
    expect(parseArgs(['run', 'a', '--max-steps', '0'])).toEqual({
      ok: false,
      message: '--max-steps needs a positive integer, got "0"',
    });
    expect(parseArgs(['run', 'a', '--max-steps'])).toEqual({
      ok: false,
      message: '--max-steps needs a value',
    });
    expect(parseArgs(['run', 'a', '--block-timeout', 'soon'])).toEqual({
      ok: false,
      message: '--block-timeout needs a number of seconds, got "soon"',
    });
    expect(parseArgs(['run', 'a', '--costs=1'])).toEqual({ ok: false, message: '--costs takes no value' });
  });

  it('--opt=value and --opt value are the same for every option of run and sweep', () => {
    const run = (form: 'inline' | 'split') => {
      const opt = (name: string, v: string) => (form === 'inline' ? [`--${name}=${v}`] : [`--${name}`, v]);
      return parseArgs(['run', 'w.ipc', ...opt('max-steps', '9'), ...opt('block-timeout', '2'), ...opt('kernel', '5.13'), ...opt('set', 'a=b'), ...opt('var', 'N=-1'), ...opt('smp', 'x=1')]);
    };
    expect(run('inline')).toEqual(run('split'));
    expect(run('split')).toMatchObject({ ok: true, value: { maxSteps: 9, blockTimeout: 2, kernel: '5.13', sets: ['a=b'], vars: ['N=-1'], smp: ['x=1'] } });
    const sweep = (form: 'inline' | 'split') => {
      const opt = (name: string, v: string) => (form === 'inline' ? [`--${name}=${v}`] : [`--${name}`, v]);
      return parseArgs(['sweep', 'w.ipc', ...opt('var', 'N=1,2'), ...opt('kernel', '5.13'), ...opt('set', 'a=b,c'), ...opt('smp', 'x=1'), ...opt('max-steps', '5')]);
    };
    expect(sweep('inline')).toEqual(sweep('split'));
    expect(sweep('split')).toMatchObject({ ok: true, value: { vars: ['N=1,2'], kernels: ['5.13'], sets: ['a=b,c'], smp: ['x=1'], maxSteps: 5 } });
  });

  it('an option where a value was expected is rejected, not taken as the value', () => {
    expect(parseArgs(['run', '--kernel', '--costs', 'f'])).toEqual({ ok: false, message: '--kernel needs a value' });
    expect(parseArgs(['run', 'f', '--set', '--json'])).toEqual({ ok: false, message: '--set needs a value' });
    expect(parseArgs(['run', 'f', '--max-steps', '--costs'])).toEqual({ ok: false, message: '--max-steps needs a value' });
    expect(parseArgs(['sweep', 'f', '--var', '--csv'])).toEqual({ ok: false, message: '--var needs a value' });
    expect(parseArgs(['sweep', 'f', '--var', 'N=1', '--kernel', '--json'])).toEqual({ ok: false, message: '--kernel needs a value' });
    // a value that starts with a dash is still possible, inline
    expect(parseArgs(['run', 'f', '--kernel=-x'])).toMatchObject({ ok: true, value: { kernel: '-x' } });
  });

  it('-- ends the options of sweep as of run', () => {
    expect(parseArgs(['sweep', '--var', 'N=1', '--', '--csv'])).toMatchObject({ ok: true, value: { file: '--csv', format: 'table' } });
  });
});
