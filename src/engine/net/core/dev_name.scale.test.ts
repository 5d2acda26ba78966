import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config';
import { newProbe } from '../../probe';
import { create_net_ns } from '../net_namespace';
import { do_newlink } from '../rtnetlink';
import { __dev_alloc_name } from './dev_name';

// Kernel-sized counts only: how long these take is measured by `npm run bench`, not asserted here.
describe('__dev_alloc_name at kernel scale', () => {
  it('creates 8000 unnamed ifbs, counting the 32 million sscanf the kernel runs', () => {
    const net = create_net_ns(DEFAULT_CONFIG);
    const p = newProbe();
    for (let i = 0; i < 8000; i++) if (do_newlink(net, null, 'ifb', p) !== 0) throw new Error(`ifb ${i}`);
    // device i scans lo and the i devices before it
    expect(p.costs.dev_name_sscanf).toBe((8000 * 8001) / 2);
    expect(p.costs.dev_name_snprintf).toBe((8000 * 7999) / 2);
    expect(net.dev_base.at(-1)!.name).toBe('ifb7999');
  });

  it('scans all 8000 names for each of 1000 new patterns (8 million sscanf)', () => {
    const net = create_net_ns(DEFAULT_CONFIG);
    for (let i = 0; i < 8000; i++) do_newlink(net, `d${i}`, 'ifb');
    const p = newProbe();
    for (let j = 0; j < 1000; j++) expect(__dev_alloc_name(net, `d%d${j === 0 ? '' : j}`, p)).toBe(j === 0 ? 8000 : 0);
    expect(p.costs.dev_name_sscanf).toBe(1000 * 8001);
  });
});
