import { describe, expect, it } from 'vitest';
import { parseStraceArgs } from './strace_args';

describe('parseStraceArgs', () => {
  it('keeps scalars and flag sets as atoms, comments included', () => {
    const r = parseStraceArgs('0x200, IPC_CREAT|IPC_EXCL|0777, IPC_64|0xfeff /* MSG_??? */');
    expect(r).toEqual({
      ok: true,
      args: [
        { kind: 'atom', text: '0x200' },
        { kind: 'atom', text: 'IPC_CREAT|IPC_EXCL|0777' },
        { kind: 'atom', text: 'IPC_64|0xfeff /* MSG_??? */' },
      ],
    });
  });

  it('reads structs with named fields and strings with strace escapes', () => {
    const r = parseStraceArgs('0, {mtype=1, mtext="a\\0\\33\\"\\n\\x41"}, 6, 0');
    expect(r.ok && r.args[1]).toEqual({
      kind: 'struct',
      ellipsis: false,
      fields: [
        { name: 'mtype', value: { kind: 'atom', text: '1' } },
        { name: 'mtext', value: { kind: 'string', bytes: [97, 0, 27, 34, 10, 65], truncated: false } },
      ],
    });
    expect(parseStraceArgs('"abc"...')).toEqual({ ok: true, args: [{ kind: 'string', bytes: [97, 98, 99], truncated: true }] });
  });

  it('reads arrays of structs and their ellipsis, with or without an address comment', () => {
    const r = parseStraceArgs('0, [{sem_num=0, sem_op=-1, sem_flg=SEM_UNDO}, {sem_num=1, sem_op=1, sem_flg=0}, ... /* 0x7ffd971daffe */], 300');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const arr = r.args[1]!;
    expect(arr.kind === 'array' && arr.items.length).toBe(2);
    expect(arr.kind === 'array' && arr.ellipsis).toBe(true);
    expect(r.args[2]).toEqual({ kind: 'atom', text: '300' });
  });

  it('reads nested structs (IPC_SET buffers)', () => {
    const r = parseStraceArgs('0, IPC_SET, {msg_perm={uid=0, gid=0, mode=0600}, msg_qbytes=16384}');
    expect(r.ok && r.args[2]).toMatchObject({
      kind: 'struct',
      fields: [
        { name: 'msg_perm', value: { kind: 'struct' } },
        { name: 'msg_qbytes', value: { kind: 'atom', text: '16384' } },
      ],
    });
  });

  it('says where a bracket or string is not closed', () => {
    expect(parseStraceArgs('0, {mtype=1')).toMatchObject({ ok: false, message: expect.stringMatching(/not closed/) });
    expect(parseStraceArgs('0, "abc')).toMatchObject({ ok: false, message: expect.stringMatching(/not closed/) });
  });
});
