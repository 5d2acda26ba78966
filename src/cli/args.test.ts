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
      message: '--max-steps needs a positive integer, got nothing',
    });
    expect(parseArgs(['run', 'a', '--block-timeout', 'soon'])).toEqual({
      ok: false,
      message: '--block-timeout needs a number of seconds, got "soon"',
    });
    expect(parseArgs(['run', 'a', '--costs=1'])).toEqual({ ok: false, message: '--costs takes no value' });
  });
});
