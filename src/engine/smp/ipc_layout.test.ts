import { describe, expect, it } from 'vitest';
import { parseSmpOverrides } from './constants';
import { ids_lines, ids_offsets } from './ipc_layout';

describe('the cache lines of struct ipc_ids', () => {
  it('places the msg ids rwsem count and IDR root at the offsets the 6.x BTF shows, and 2.6.25 headers give', () => {
    expect(ids_offsets({ idr: 'radix' })).toEqual({ count: 232, wait_list: 256, idr_root: 280 });
    expect(ids_offsets({ idr: 'layer' })).toEqual({ count: 80, wait_list: 88, idr_root: 104 });
  });

  it('puts the 6.x IDR root on the line after the count when the namespace starts a line, on the same line 32 bytes in', () => {
    expect(ids_lines({ idr: 'radix' }, 0)).toEqual({ rwsem: 'msg_ids', idr: 'msg_ids.idr', wait_list: 'msg_ids.idr' });
    expect(ids_lines({ idr: 'radix' }, 32)).toEqual({ rwsem: 'msg_ids', idr: 'msg_ids', wait_list: 'msg_ids' });
  });

  it('takes one line for the 3.9-4.10 kernels, whose structs were not read', () => {
    expect(ids_offsets({ idr: 'layer256' })).toBe(null);
    expect(ids_lines({ idr: 'layer256' }, 0)).toEqual({ rwsem: 'msg_ids', idr: 'msg_ids', wait_list: 'msg_ids' });
  });

  it('does the opposite for 2.6.25', () => {
    expect(ids_lines({ idr: 'layer' }, 0)).toEqual({ rwsem: 'msg_ids', idr: 'msg_ids', wait_list: 'msg_ids' });
    expect(ids_lines({ idr: 'layer' }, 32)).toEqual({ rwsem: 'msg_ids', idr: 'msg_ids.idr', wait_list: 'msg_ids' });
  });

  it('takes the offset as --smp ipc_ns_offset, a multiple of 8 below 64', () => {
    expect(parseSmpOverrides(['ipc_ns_offset=32'])).toEqual({ ok: true, overrides: { ipc_ns_offset: 32 } });
    for (const bad of ['ipc_ns_offset=12', 'ipc_ns_offset=64', 'ipc_ns_offset=8.5']) {
      const r = parseSmpOverrides([bad]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/multiple of 8 from 0 to 56/);
    }
  });
});
