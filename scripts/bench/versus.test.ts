import { describe, expect, it } from 'vitest';
import { markdownSection, textTable, type Machine, type Row } from './report';
import { PROCESS_ROW_NAME, processRows } from './versus';

const TITLE = '32768 msg queues: create, read /proc/sysvipc/msg, remove';

/** A whole-process row as compare() makes it (the figures are made up). */
function row(value: number, status: Row['status'] = value <= 1.5 ? 'pass' : 'fail'): Row {
  return { measurement: `${PROCESS_ROW_NAME}: ${TITLE}`, value, unit: '×', budget: '≤ 1.5×', status, notes: 'median of 3 interleaved pairs; engine 186.0 ms (...), kernel 36.6 ms (...)' };
}

describe('processRows: what the whole-process rows say about Node’s own start-up', () => {
  it('says plainly that no Node program can meet a row whose floor (`node -e 0` / kernel) is over the budget', () => {
    const [measured, extra, ...more] = processRows(row(5.07), {
      budget: 1.5,
      kernel: [36, 37, 40],
      nodeAsIs: [54, 55, 60],
      noCa: { node: [20, 21, 22], cli: [150, 148, 160] },
    });
    expect(more).toEqual([]);
    // the measured row keeps its figure, status and notes, and gains the start-up figures after them
    expect(measured).toMatchObject({ measurement: `${PROCESS_ROW_NAME}: ${TITLE}`, value: 5.07, status: 'fail', budget: '≤ 1.5×' });
    expect(measured!.notes).toBe(
      'median of 3 interleaved pairs; engine 186.0 ms (...), kernel 36.6 ms (...); `node -e 0` alone 55.0 ms in the same environment (21.0 ms without NODE_EXTRA_CA_CERTS), median of the measured runs' +
        // the pairs' ratios 1.5, 1.486, 1.5: median 1.5, not over 1.5
        '; floor `node -e 0` / kernel 1.50×',
    );
    // the extra figure: its own row, never held to the budget, the median of the per-pair ratios
    expect(extra).toMatchObject({ measurement: `${PROCESS_ROW_NAME}, NODE_EXTRA_CA_CERTS unset: ${TITLE}`, unit: '×', status: 'info', budget: 'none (extra figure)' });
    // 150 / 36, 148 / 37, 160 / 40: 4.17, 4, 4
    expect(extra!.value).toBeCloseTo(4, 12);
    expect(extra!.notes).toBe(
      'beside the row above, not instead of it: the same pairs, each with one more CLI run with NODE_EXTRA_CA_CERTS unset (ipctimer does not read it); engine 150.0 ms, kernel 37.0 ms; floor `node -e 0` / kernel 0.56×',
    );
  });

  it('adds the sentence only when the floor is over the budget', () => {
    const [over] = processRows(row(5.07), { budget: 1.5, kernel: [30, 36], nodeAsIs: [54, 55], noCa: null });
    expect(over!.notes).toMatch(/; floor `node -e 0` \/ kernel 1\.66×: above the budget of ≤ 1\.5×, so no Node program can meet this row in this environment$/);
    const [under] = processRows(row(1.58), { budget: 1.5, kernel: [125, 120], nodeAsIs: [55, 56], noCa: null });
    expect(under!.notes).toMatch(/; floor `node -e 0` \/ kernel 0\.45×$/);
    expect(under!.notes).not.toContain('no Node program');
  });

  it('without NODE_EXTRA_CA_CERTS in the environment: no extra row, and the notes say it is not set', () => {
    const rows = processRows(row(1.2), { budget: 1.5, kernel: [100], nodeAsIs: [20], noCa: null });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.notes).toContain('`node -e 0` alone 20.0 ms in the same environment (NODE_EXTRA_CA_CERTS not set)');
  });

  it('with the kernel side skipped: the start-up figure only, no floor and no ratio', () => {
    const skipped: Row = { measurement: `${PROCESS_ROW_NAME}: ${TITLE}`, value: null, unit: '×', budget: '≤ 1.5×', status: 'skipped', notes: 'kernel side skipped (no root); engine 186 ms' };
    const rows = processRows(skipped, { budget: 1.5, kernel: null, nodeAsIs: [55], noCa: { node: [21], cli: [150] } });
    expect(rows).toEqual([
      { ...skipped, notes: 'kernel side skipped (no root); engine 186 ms; `node -e 0` alone 55.0 ms in the same environment (21.0 ms without NODE_EXTRA_CA_CERTS), median of the measured runs' },
    ]);
  });
});

describe('an info row in the report', () => {
  const machine: Machine = { date: 'd', commit: 'c', kernel: 'k', cpus: '2', memory: 'm', node: 'v20', chromium: 'not run', loadBefore: '0', loadAfter: '0' };
  const rows = processRows(row(5.07), { budget: 1.5, kernel: [36], nodeAsIs: [55], noCa: { node: [21], cli: [150] } });

  it('is printed plainly and is not counted over budget', () => {
    const md = markdownSection(rows, machine, '');
    expect(md).toContain(`| ${PROCESS_ROW_NAME}, NODE_EXTRA_CA_CERTS unset: ${TITLE} | 4.17 × | none (extra figure) | info |`);
    expect(md).toContain(`Over budget: ${PROCESS_ROW_NAME}: ${TITLE}.`);
    expect(textTable(rows)).toMatch(/NODE_EXTRA_CA_CERTS unset: .* 4\.17 × {2}none \(extra figure\) {2}INFO/);
  });
});
