import { describe, expect, test } from 'vitest';
import { cleanChoice, configForChoice, resolveChoice } from './kernel_choice';
import { resolveConfig } from './presets';

const preset = (name: string | null) => {
  const r = resolveConfig(name);
  if (!r.ok) throw new Error(r.message);
  return r.config;
};

describe('resolveChoice', () => {
  test('an empty choice is the default 6.18 kernel with nothing ignored', () => {
    expect(resolveChoice({})).toEqual({ config: preset('6.18'), ignored: [] });
  });

  test('a preset with a switch flipped is that preset with the one value changed', () => {
    const r = resolveChoice({ preset: '5.15', switches: { sysvipc_find_ipc: 'count' } });
    expect(r.ignored).toEqual([]);
    expect(r.config).toEqual({ ...preset('5.15'), sysvipc_find_ipc: 'count' });
  });

  test('a version-1 boolean switch is read as on or off', () => {
    expect(configForChoice({ switches: { ipcmni_extend: true } }).ipcmni_extend).toBe(true);
    expect(configForChoice({ preset: '5.13', switches: { ipcmni_extend: false } }).ipcmni_extend).toBe(false);
  });

  test('an unknown preset falls back to 6.18 and says so', () => {
    expect(resolveChoice({ preset: '9.99' })).toEqual({ config: preset('6.18'), ignored: ['unknown kernel "9.99", 6.18 used instead'] });
  });

  test('unknown switches and values are ignored one by one, the rest applied', () => {
    const r = resolveChoice({ preset: '5.13', switches: { frobnicate: 'yes', idr: 'btree', proc_dir: 'list' } });
    expect(r.config).toEqual({ ...preset('5.13'), proc_dir: 'list' });
    expect(r.ignored).toHaveLength(2);
    expect(r.ignored[0]).toMatch(/^unknown switch "frobnicate"; known: sysvipc_find_ipc, /);
    expect(r.ignored[1]).toBe('idr cannot be "btree"; one of: layer, layer256, radix (ignored)');
  });

  test('the idr_layer tree with its lowest-index allocation is accepted as a pair on 6.18', () => {
    const r = resolveChoice({ switches: { idr: 'layer', ipc_idx_alloc: 'lowest' } });
    expect(r.ignored).toEqual([]);
    expect([r.config.idr, r.config.ipc_idx_alloc]).toEqual(['layer', 'lowest']);
  });

  test("either idr_layer tree is kept as an override where allocation is lowest-index: 3.18's 256-slot one on 2.6.25, and back", () => {
    for (const [p, idr] of [
      ['2.6.25', 'layer256'],
      ['3.18', 'layer'],
    ] as const) {
      const clean = cleanChoice({ preset: p, switches: { idr } });
      expect(clean).toEqual({ choice: { preset: p, switches: { idr } }, ignored: [] });
      expect(resolveChoice(clean.choice).config.idr).toBe(idr);
    }
  });

  test('a combination no kernel had drops the switches and says why', () => {
    const r = resolveChoice({ preset: '6.1', switches: { idr: 'layer' } });
    expect(r.config).toEqual(preset('6.1'));
    expect(r.ignored).toEqual(['idr=layer needs ipc_idx_alloc=lowest: ipc never allocated cyclically on the idr_layer tree (the switches were ignored)']);
  });

  test('a numeric setting is accepted within its bounds and refused outside them', () => {
    expect(configForChoice({ switches: { nr_cpus: '4' } }).nr_cpus).toBe(4);
    expect(resolveChoice({ switches: { nr_cpus: '0' } }).ignored).toEqual(['nr_cpus needs an integer from 1 to 4096, got "0" (ignored)']);
  });
});

describe('cleanChoice', () => {
  test('keeps what is known, as strings, and drops the rest', () => {
    expect(cleanChoice({ preset: '5.13', switches: { ipcmni_extend: true, idr: 'btree' } })).toEqual({
      choice: { preset: '5.13', switches: { ipcmni_extend: 'on' } },
      ignored: ['idr cannot be "btree"; one of: layer, layer256, radix (ignored)'],
    });
  });

  test('an unknown preset is dropped so the default applies', () => {
    expect(cleanChoice({ preset: '<b>x</b>' })).toEqual({ choice: {}, ignored: ['unknown kernel "<b>x</b>", 6.18 used instead'] });
  });
});
