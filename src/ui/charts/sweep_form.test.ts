import { describe, expect, test } from 'vitest';
import { reproductionFor } from '../../engine/reproductions';
import { formFor, requestFor } from './sweep_form';

describe('the sweep form', () => {
  test('starts from a reproduction, with its quick range unless the full one is asked for', () => {
    const r = reproductionFor('003-procfs-rbtree.ipc')!;
    expect(formFor(r, false)).toEqual({ variable: 'N', values: '1000, 2000, 4000, 8000', kernels: '3.18 3.19', sets: '', constants: '' });
    expect(formFor(r, true).values).toBe('1000, 2000, 4000, 8000, 16000, 30000');
    expect(formFor(reproductionFor('002-ipc-search-maxidx.ipc')!, false).sets).toBe('ipcmni_extend=on');
  });

  test('makes the request the CLI would make from the same options', () => {
    expect(requestFor({ variable: 'N', values: '1, 2,4', kernels: '5.13  5.15', sets: 'ipcmni_extend=on', constants: 'GAPS=30' }, 'W')).toEqual({
      ok: true,
      request: { text: 'W', variable: 'N', values: [1, 2, 4], kernels: ['5.13', '5.15'], sets: ['ipcmni_extend=on'], constants: { GAPS: 30 } },
    });
  });

  test('says what is wrong with a field', () => {
    expect(requestFor({ variable: '$N', values: '1', kernels: '', sets: '', constants: '' }, '')).toEqual({ ok: false, message: 'The variable must be a name, not "$N".' });
    expect(requestFor({ variable: 'N', values: '1, 2.5', kernels: '', sets: '', constants: '' }, '')).toEqual({ ok: false, message: 'Values must be positive whole numbers; "2.5" is not.' });
    expect(requestFor({ variable: 'N', values: ' ', kernels: '', sets: '', constants: '' }, '')).toEqual({ ok: false, message: 'Give at least one value.' });
    expect(requestFor({ variable: 'N', values: '1', kernels: '', sets: '', constants: 'G' }, '')).toEqual({ ok: false, message: 'Constants are NAME=INTEGER; "G" is not.' });
    expect(requestFor({ variable: 'IPC_CREAT', values: '1', kernels: '', sets: '', constants: '' }, '')).toEqual({
      ok: false,
      message: '`IPC_CREAT` is a constant of the language and cannot be used as a variable.',
    });
    expect(requestFor({ variable: 'N', values: '1', kernels: '', sets: '', constants: 'IPC_NOWAIT=0' }, '')).toEqual({
      ok: false,
      message: '`IPC_NOWAIT` is a constant of the language and cannot be used as a variable.',
    });
  });

  test('refuses a value or a kernel listed twice (the chart keys its rows by value and its lines by kernel)', () => {
    expect(requestFor({ variable: 'N', values: '1, 1, 10', kernels: '6.18', sets: '', constants: '' }, '')).toEqual({ ok: false, message: 'The value 1 is listed twice; give each value once.' });
    expect(requestFor({ variable: 'N', values: '1, 10', kernels: '6.18, 6.18', sets: '', constants: '' }, '')).toEqual({
      ok: false,
      message: 'The kernel 6.18 is listed twice; give each kernel once.',
    });
  });
});
