import { describe, expect, test } from 'vitest';
import { bootMachine } from './api';

describe('bootMachine', () => {
  const text = '#@default N=3\nrepeat $N { semget(IPC_PRIVATE, 1, 0600) }\n';

  test('a #@default line sets its variable before the first statement', () => {
    const b = bootMachine(text);
    if (!b.ok) throw new Error(b.error.message);
    expect(b.machine.run.runToEnd().output).toBe('semget(IPC_PRIVATE, 1, 0600) = 0\nsemget(IPC_PRIVATE, 1, 0600) = 1\nsemget(IPC_PRIVATE, 1, 0600) = 2\n');
  });

  test('a variable given to the machine overrides the default', () => {
    const b = bootMachine(text, {}, new Map([['N', 1n]]));
    if (!b.ok) throw new Error(b.error.message);
    expect(b.machine.run.runToEnd().output).toBe('semget(IPC_PRIVATE, 1, 0600) = 0\n');
  });

  test('a malformed directive is refused with its line and column', () => {
    const b = bootMachine('msgget(IPC_PRIVATE, 0600)\n#@default N=ten\n');
    expect(b.ok ? null : [b.error.line, b.error.column, b.error.message]).toEqual([2, 11, '#@default needs NAME=INTEGER, got "N=ten"']);
  });
});
