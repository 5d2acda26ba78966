import { describe, expect, it } from 'vitest';
import { parseOptions } from './options';

const SPEC = { flag: { type: 'boolean' }, name: { type: 'string' }, many: { type: 'string', multiple: true } } as const;

describe('parseOptions', () => {
  it('reads --opt=value and --opt value alike, keeps repeated values in order and - as a positional', () => {
    const inline = parseOptions(['--name=a', '--many=1', 'file', '--many=2', '--flag'], SPEC);
    const split = parseOptions(['--name', 'a', '--many', '1', 'file', '--many', '2', '--flag'], SPEC);
    expect(inline).toEqual(split);
    expect(split).toEqual({ ok: true, values: { name: 'a', many: ['1', '2'], flag: true }, positionals: ['file'] });
    expect(parseOptions(['-'], SPEC)).toEqual({ ok: true, values: {}, positionals: ['-'] });
  });

  it('-- ends the options', () => {
    expect(parseOptions(['--', '--flag', '-x'], SPEC)).toEqual({ ok: true, values: {}, positionals: ['--flag', '-x'] });
  });

  it('rejects an option in place of a value, a value on a flag, a missing value and an unknown option', () => {
    expect(parseOptions(['--name', '--flag', 'f'], SPEC)).toEqual({ ok: false, message: '--name needs a value' });
    expect(parseOptions(['--many', '-x'], SPEC)).toEqual({ ok: false, message: '--many needs a value' });
    expect(parseOptions(['--name'], SPEC)).toEqual({ ok: false, message: '--name needs a value' });
    // a negative number is taken for an option too: the message says how to give it
    expect(parseOptions(['--name', '-1', 'f'], SPEC)).toEqual({ ok: false, message: '--name needs a value (a value that starts with - goes inline: --name=-1)' });
    expect(parseOptions(['--flag=yes'], SPEC)).toEqual({ ok: false, message: '--flag takes no value' });
    expect(parseOptions(['--nope'], SPEC)).toEqual({ ok: false, message: 'unknown option --nope' });
    expect(parseOptions(['-q'], SPEC)).toEqual({ ok: false, message: 'unknown option -q' });
    expect(parseOptions(['--constructor'], SPEC)).toEqual({ ok: false, message: 'unknown option --constructor' });
    // a dash-led value is still possible inline, and a lone - is a value
    expect(parseOptions(['--name=-x', '--many', '-'], SPEC)).toEqual({ ok: true, values: { name: '-x', many: ['-'] }, positionals: [] });
  });
});
