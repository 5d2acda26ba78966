import { describe, expect, test } from 'vitest';
import { describeChoice, PRESET_NAMES, switchRows, withPreset, withSwitch } from './choice_model';

describe('the kernel selector model', () => {
  test('lists the presets oldest first, ending with the default', () => {
    expect(PRESET_NAMES[0]).toBe('2.6.25');
    expect(PRESET_NAMES.at(-1)).toBe('6.18');
    // 13 presets of part 1, the six sem releases of #16 (3.9, 3.10, 3.11, 3.15, 4.10, 4.11) and msg's 4.8 / 4.9 of #18
    expect(PRESET_NAMES).toHaveLength(21);
    const parts = PRESET_NAMES.map((n) => n.split('.').map(Number));
    for (let i = 1; i < parts.length; i++) expect(parts[i - 1]![0]! * 1000 + parts[i - 1]![1]!).toBeLessThanOrEqual(parts[i]![0]! * 1000 + parts[i]![1]!);
  });

  test('shows each switch with the preset value and marks overrides', () => {
    const rows = switchRows({ preset: '5.13', switches: { sysvipc_find_ipc: 'get_next' } });
    expect(rows.map((r) => r.name)).toEqual([
      'sysvipc_find_ipc',
      'ipc_maxidx',
      'ipc_idx_alloc',
      'idr',
      'msg_counters',
      'proc_dir',
      'ipc_lookup',
      'spinlock',
      'rwsem',
      'shm_proc_format',
      'ipc_limits',
      'ipc_findkey',
      'sem_locking',
      'sem_zero_queue',
      'semcnt',
      'sem_wakeup',
      'msg_wakeup',
      'ipcmni_extend',
    ]);
    expect(rows[0]).toEqual({ name: 'sysvipc_find_ipc', values: ['count', 'maxidx', 'get_next'], presetValue: 'count', value: 'get_next', overridden: true });
    expect(rows[1]).toEqual({ name: 'ipc_maxidx', values: ['none', 'linear', 'bsearch', 'search'], presetValue: 'linear', value: 'linear', overridden: false });
    expect(rows.filter((r) => r.overridden)).toHaveLength(1);
  });

  test('setting a switch to the preset value removes the override', () => {
    expect(withSwitch({ preset: '5.13' }, 'sysvipc_find_ipc', 'maxidx')).toEqual({ ok: true, choice: { preset: '5.13', switches: { sysvipc_find_ipc: 'maxidx' } } });
    expect(withSwitch({ preset: '5.13', switches: { sysvipc_find_ipc: 'maxidx' } }, 'sysvipc_find_ipc', 'count')).toEqual({ ok: true, choice: { preset: '5.13' } });
  });

  test('the default preset is left out of the choice', () => {
    expect(withPreset({ preset: '5.13' }, '6.18')).toEqual({ ok: true, choice: {} });
  });

  test('a new preset keeps only the overrides it does not already set', () => {
    expect(withPreset({ preset: '5.13', switches: { sysvipc_find_ipc: 'get_next', ipcmni_extend: 'on' } }, '6.1')).toEqual({
      ok: true,
      choice: { preset: '6.1', switches: { ipcmni_extend: 'on' } },
    });
  });

  test('a combination no kernel had is refused with the reason', () => {
    expect(withSwitch({}, 'idr', 'layer')).toEqual({ ok: false, message: 'idr=layer needs ipc_idx_alloc=lowest: ipc never allocated cyclically on the idr_layer tree' });
  });

  test('names a choice as the CLI labels a sweep series', () => {
    expect(describeChoice({})).toBe('6.18');
    expect(describeChoice({ preset: '5.13', switches: { ipcmni_extend: true } })).toBe('5.13 ipcmni_extend=on');
  });
});
