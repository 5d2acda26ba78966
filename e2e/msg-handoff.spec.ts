import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { runWorkload } from '../src/engine/run';
import { lineOf } from '../src/engine/code/listings';
import { button, consoleBox, eventsOf, expectFrame, expectStep, linkHash, openFresh } from './playground';

const TEXT = readFileSync(new URL('../public/examples/msg-pipelined-handoff.ipc', import.meta.url), 'utf8');
/** the `@s msgsnd(q, 7, "handed over", 0)` that hands the message to the sleeping receiver */
const HANDOFF_OP = 5;

const codePanel = (page: Page) => page.getByTestId('code-panel');

test('the gallery card of the pipelined hand-off opens in the playground and Run prints what the engine prints', async ({ page }) => {
  const expected = runWorkload(TEXT);
  expect(expected.error).toBeNull();
  const lines = expected.output.trimEnd().split('\n');
  const ops = TEXT.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;
  await openFresh(page);
  // a first visit shows the gallery as the landing section
  await page.getByRole('region', { name: 'Scenarios' }).getByRole('button', { name: 'Open A receiver woken by a sender' }).click();
  await expect(page.getByRole('textbox', { name: 'Workload' })).toContainText('# A receiver woken by a sender');
  await button(page, 'Run').click();
  await expectStep(page, ops, ops);
  const out = consoleBox(page);
  for (const line of lines.filter((l) => l.includes('msgrcv') || l.includes('msgsnd') || l.includes('msgctl'))) await expect(out).toContainText(line);
  await expect(out).toContainText('[r] <... msgrcv resumed> = 11 "handed over"');
});

test('stepping into the hand-off shows pipelined_send handing the message over, then the wake-up from the wake_q', async ({ page }) => {
  const events = eventsOf(TEXT, HANDOFF_OP);
  const send = events.findIndex((e) => e.kind === 'msg_send') + 1;
  const wake = events.findIndex((e) => e.kind === 'msg_wake') + 1;
  expect(send).toBeGreaterThan(0);
  expect(wake).toBeGreaterThan(send);
  await page.goto('./' + linkHash({ v: 3, workload: TEXT, step: HANDOFF_OP - 1, event: null, views: ['percpu'], kernel: {}, mode: 'play', compare: null }));
  await expect(page.getByTestId('step-count')).toHaveText(new RegExp(`^step ${HANDOFF_OP - 1} / `));
  await page.keyboard.press('F9');
  await expectFrame(page, HANDOFF_OP, 1);
  for (let at = 1; at < send; at++) await page.keyboard.press('F9');
  await expectFrame(page, HANDOFF_OP, send);
  await expect(codePanel(page).getByTestId('code-listing')).toHaveAttribute('data-fn', 'do_msgsnd');
  await expect(codePanel(page).locator('[data-testid="code-listing"] li[aria-current="true"]')).toHaveAttribute('data-line', String(lineOf('do_msgsnd', 'pipelined')));
  for (let at = send; at < wake; at++) await page.keyboard.press('F9');
  await expectFrame(page, HANDOFF_OP, wake);
  await expect(codePanel(page).getByTestId('code-listing')).toHaveAttribute('data-fn', 'wake_up_q');
  await expect(codePanel(page).getByTestId('code-why')).toContainText('After the unlock');
});
