import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { formatKernelList, KERNEL_PRESETS, resolveConfig } from './presets';

describe('resolveConfig', () => {
  it('gives the 6.18 default when no preset and no setting is named', () => {
    expect(resolveConfig(null)).toEqual({ ok: true, config: DEFAULT_CONFIG });
    expect(resolveConfig('6.18')).toEqual({ ok: true, config: DEFAULT_CONFIG });
  });

  it('sets every switch of a preset at once', () => {
    const r = resolveConfig('2.6.25');
    expect(r.ok && r.config).toMatchObject({
      sysvipc_find_ipc: 'count',
      ipc_maxidx: 'none',
      ipc_idx_alloc: 'lowest',
      idr: 'layer',
      msg_counters: 'atomic',
      proc_dir: 'list',
      ipc_lookup: 'rwsem',
      shm_proc_format: 'classic',
      ipc_limits: '2.6',
    });
  });

  it('marks the releases where each mechanism changed', () => {
    const get = (k: string) => KERNEL_PRESETS[k]!;
    expect(get('5.13').sysvipc_find_ipc).toBe('count');
    expect(get('5.15').sysvipc_find_ipc).toBe('maxidx');
    expect(get('6.0').sysvipc_find_ipc).toBe('get_next');
    expect([get('4.19').ipc_maxidx, get('5.13').ipc_maxidx, get('5.15').ipc_maxidx]).toEqual(['linear', 'linear', 'bsearch']);
    expect([get('3.18').proc_dir, get('3.19').proc_dir]).toEqual(['list', 'rbtree']);
    expect([get('6.0').msg_counters, get('6.1').msg_counters]).toEqual(['atomic', 'percpu']);
    expect([get('2.6.25').ipc_lookup, get('2.6.27').ipc_lookup]).toEqual(['rwsem', 'rcu']);
    expect([get('2.6.27').idr, get('3.18').idr, get('3.19').idr, get('4.19').idr]).toEqual(['layer', 'layer256', 'layer256', 'radix']);
    // Rik van Riel's per-semaphore locks landed in 3.10; Manfred Spraul's 3.11 series separated pending_const
    expect([get('3.9').sem_locking, get('3.10').sem_locking, get('3.18').sem_locking, get('4.13').sem_locking]).toEqual(['global', 'per_sem', 'per_sem', 'hysteresis']);
    expect([get('3.10').sem_zero_queue, get('3.18').sem_zero_queue]).toEqual(['mixed', 'separate']);
  });

  it('applies --set overrides after the preset, in order', () => {
    const r = resolveConfig('5.13', ['sysvipc_find_ipc=get_next', ['ipcmni_extend', 'on'], 'nr_cpus=8']);
    expect(r.ok && [r.config.sysvipc_find_ipc, r.config.ipc_maxidx, r.config.ipcmni_extend, r.config.nr_cpus]).toEqual(['get_next', 'linear', true, 8]);
  });

  it('names the unknown preset, switch or value and lists the valid ones', () => {
    expect(resolveConfig('2.4')).toEqual({ ok: false, message: expect.stringMatching(/^unknown kernel "2.4"; known: 2.6.25, 2.6.27, 3.9, 3.10, 3.18, /) });
    expect(resolveConfig(null, ['find=count'])).toEqual({ ok: false, message: expect.stringMatching(/^unknown switch "find"; known: sysvipc_find_ipc, /) });
    expect(resolveConfig(null, ['sysvipc_find_ipc=fast'])).toEqual({ ok: false, message: 'sysvipc_find_ipc cannot be "fast"; one of: count, maxidx, get_next' });
    expect(resolveConfig(null, ['nr_cpus=0'])).toEqual({ ok: false, message: 'nr_cpus needs an integer from 1 to 4096, got "0"' });
    expect(resolveConfig(null, ['count'])).toEqual({ ok: false, message: '--set needs name=value, got "count"' });
  });

  it('refuses either idr_layer tree with cyclic allocation, which no kernel had', () => {
    expect(resolveConfig(null, ['idr=layer']).ok).toBe(false);
    expect(resolveConfig(null, ['idr=layer', 'ipc_idx_alloc=lowest']).ok).toBe(true);
    expect(resolveConfig(null, ['idr=layer256'])).toEqual({ ok: false, message: 'idr=layer256 needs ipc_idx_alloc=lowest: ipc never allocated cyclically on the idr_layer tree' });
    expect(resolveConfig('3.18', ['ipc_idx_alloc=cyclic']).ok).toBe(false);
    expect(resolveConfig('2.6.25', ['idr=layer256']).ok).toBe(true);
  });

  it('lists every preset with what it sets', () => {
    const text = formatKernelList();
    for (const name of Object.keys(KERNEL_PRESETS)) expect(text).toContain(`  ${name.padEnd(7)} sysvipc_find_ipc=`);
    expect(text).toContain('  5.13    sysvipc_find_ipc=count ipc_maxidx=linear ipc_idx_alloc=cyclic idr=radix msg_counters=atomic');
  });
});
