import { describe, expect, test } from 'vitest';
import { StringStream } from '@codemirror/language';
import { workloadStreamParser } from './workload_language';

/** The non-space tokens of `text` as `text:style` (style '-' when uncoloured). */
function tokens(text: string): string[] {
  const p = workloadStreamParser;
  const state = p.startState!(2);
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const stream = new StringStream(line, 4, 2);
    while (!stream.eol()) {
      const style = p.token(stream, state);
      const piece = stream.current();
      if (piece.trim() !== '') out.push(`${piece}:${style ?? '-'}`);
      stream.start = stream.pos;
    }
  }
  return out;
}

describe('the workload highlighter', () => {
  test('colours calls, constants, numbers, variables and comments', () => {
    expect(tokens('q = msgget(IPC_PRIVATE, IPC_CREAT|0600)  # a queue')).toEqual([
      'q:variable',
      '=:operator',
      'msgget:call',
      '(:paren',
      'IPC_PRIVATE:constant',
      ',:-',
      'IPC_CREAT:constant',
      '|:operator',
      '0600:number',
      '):paren',
      '# a queue:comment',
    ]);
  });

  test('colours loops and their keywords', () => {
    expect(tokens('for i in 0..0x10 { msgsnd($i, 1, 0) }')).toEqual([
      'for:keyword',
      'i:variable',
      'in:keyword',
      '0:number',
      '..:operator',
      '0x10:number',
      '{:brace',
      'msgsnd:call',
      '(:paren',
      '$i:interpolation',
      ',:-',
      '1:number',
      ',:-',
      '0:number',
      '):paren',
      '}:brace',
    ]);
    expect(tokens('repeat 3 {')).toEqual(['repeat:keyword', '3:number', '{:brace']);
  });

  test('colours commands and their words', () => {
    expect(tokens('echo 100 > /proc/sys/kernel/msg_next_id')).toEqual(['echo:command', '100:number', '>:operator', '/proc/sys/kernel/msg_next_id:path']);
    expect(tokens('ls -U /proc/net/dev_snmp6; cat /proc/sysvipc/msg')).toEqual(['ls:command', '-U:flag', '/proc/net/dev_snmp6:path', ';:separator', 'cat:command', '/proc/sysvipc/msg:path']);
    expect(tokens('ip link add dummy$n type ifb')).toEqual(['ip:command', 'link:command', 'add:command', 'dummy:-', '$n:interpolation', 'type:command', 'ifb:-']);
  });

  test('starts a new statement on every line', () => {
    expect(tokens('echo x > /a\ncat /b')).toEqual(['echo:command', 'x:-', '>:operator', '/a:path', 'cat:command', '/b:path']);
  });
});
