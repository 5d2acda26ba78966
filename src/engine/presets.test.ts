import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { formatKernelList, KERNEL_PRESETS, resolveConfig, type KernelPreset } from './presets';

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
  });

  it('marks the releases where the sem mechanisms changed (kernel-notes-ops §5)', () => {
    const sem = (k: string) => {
      const p = KERNEL_PRESETS[k]!;
      return [p.sem_locking, p.sem_zero_queue, p.semcnt, p.sem_wakeup];
    };
    expect(sem('3.9')).toEqual(['global', 'mixed', 'all_sops', 'in_wakeup']);
    expect(sem('3.10')).toEqual(['per_sem', 'mixed', 'all_sops', 'in_wakeup']);
    expect(sem('3.11')).toEqual(['per_sem', 'separate', 'all_sops', 'in_wakeup']);
    expect(sem('3.15')).toEqual(['per_sem', 'separate', 'all_sops', 'in_wakeup']);
    expect(sem('3.18')).toEqual(['per_sem', 'separate', 'blocking_sop', 'in_wakeup']);
    expect(sem('4.10')).toEqual(['per_sem', 'separate', 'blocking_sop', 'wake_q']);
    expect(sem('4.11')).toEqual(['hysteresis', 'separate', 'blocking_sop', 'wake_q']);
    expect([KERNEL_PRESETS['4.10']!.idr, KERNEL_PRESETS['4.11']!.idr]).toEqual(['layer256', 'radix']);
  });

  it('4.8 and 4.9 differ only in msg_wakeup (ee51636ca54f), and 4.9 only in sem_wakeup from 4.10', () => {
    const differ = (a: string, b: string) => Object.keys(KERNEL_PRESETS[a]!).filter((n) => KERNEL_PRESETS[a]![n as keyof KernelPreset] !== KERNEL_PRESETS[b]![n as keyof KernelPreset]);
    expect(differ('4.8', '4.9')).toEqual(['msg_wakeup']);
    expect([KERNEL_PRESETS['4.8']!.msg_wakeup, KERNEL_PRESETS['4.9']!.msg_wakeup]).toEqual(['locked', 'wake_q']);
    expect(differ('4.9', '4.10')).toEqual(['sem_wakeup']);
  });

  it('sets every switch of KernelConfig on every preset', () => {
    const names = Object.keys(DEFAULT_CONFIG).filter((n) => !['ipcmni_extend', 'pid', 'clock', 'nr_cpus'].includes(n));
    for (const [name, preset] of Object.entries(KERNEL_PRESETS)) {
      for (const n of names) expect(preset[n as keyof typeof preset], `${name} sets ${n}`).toBeDefined();
    }
  });

  it('applies --set overrides after the preset, in order', () => {
    const r = resolveConfig('5.13', ['sysvipc_find_ipc=get_next', ['ipcmni_extend', 'on'], 'nr_cpus=8']);
    expect(r.ok && [r.config.sysvipc_find_ipc, r.config.ipc_maxidx, r.config.ipcmni_extend, r.config.nr_cpus]).toEqual(['get_next', 'linear', true, 8]);
  });

  it('names the unknown preset, switch or value and lists the valid ones', () => {
    expect(resolveConfig('2.4')).toEqual({ ok: false, message: expect.stringMatching(/^unknown kernel "2.4"; known: 2.6.25, 2.6.27, 3.9, /) });
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
