// A user pastes an strace log: it opens as a workload, and the calls whose
// model result differs from the recorded one are flagged in the gutter —
// the same calls the engine finds (checked here with the engine itself).
import { readdirSync, readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { editor, openCopiedLink, openFresh, paste } from './playground';
import { compareExpectations } from '../src/engine/import/expect';
import { importStrace } from '../src/engine/import/strace';
import { runWorkload } from '../src/engine/run';

const LOG = readFileSync(new URL('../tests/strace/logs/util-linux.log', import.meta.url), 'utf8');
// the edit: a GETVAL that (the log now says) returned 3 on a set that was just made, whose values are 0
const EDITED = LOG.replace(/(semctl\(0, 1, GETVAL, NULL\) = )0/, '$13');

// the check runs the whole log in a worker after a pause: allow for a loaded machine
const CHECK = { timeout: 20_000 };

test('a pasted strace log opens as a workload with the model differences flagged in the gutter', async ({ page }) => {
  test.setTimeout(90_000);
  expect(EDITED).not.toBe(LOG);
  const imported = importStrace([{ name: 'pasted log', text: EDITED }]);
  const run = runWorkload(imported.workload);
  const engine = compareExpectations(imported.workload, run.output, run.error !== null);
  if ('error' in engine) throw new Error(engine.error);
  expect(engine.differences).toEqual([{ line: expect.any(Number), expected: '= 3', actual: '= 0' }]);
  const line = engine.differences[0]!.line;

  await openFresh(page);
  await paste(page, EDITED);
  await expect(editor(page)).toContainText('# imported by ipcscope import from pasted log');
  const status = page.getByTestId('expect-status');
  await expect(status).toContainText(`1 of ${engine.checked} calls differs from the strace log`, CHECK);
  await expect(status).toContainText(`line ${line}: strace = 3, model = 0`);
  // the flagged line is the engine's, and its sign says both values
  const flagged = editor(page).locator('.cm-expect-differs');
  await expect(flagged).toHaveCount(1);
  await expect(flagged).toContainText('semctl(0, 1, GETVAL)');
  await expect(flagged).toHaveAttribute('data-expect', 'strace = 3, model = 0');
  await expect(page.locator('.cm-expect-sign')).toHaveAttribute('title', 'differs from the strace log: strace = 3, model = 0');
  const lineNumbers = await page.locator('.cm-lineNumbers .cm-gutterElement').allInnerTexts();
  expect(lineNumbers).toContain(String(line));

  // the log as recorded: no difference, no mark
  await paste(page, LOG);
  await expect(status).toContainText(`0 of ${engine.checked} calls differ from the strace log`, CHECK);
  await expect(editor(page).locator('.cm-expect-differs')).toHaveCount(0);
});

test('a log line that is not strace output is said in the workload, never rendered as markup', async ({ page }) => {
  await openFresh(page);
  await paste(page, '1 msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0\n<img src=x onerror="window.__pwned=1">\n1 msgctl(0, IPC_RMID, NULL) = 0\n');
  await expect(editor(page)).toContainText('# 1 line was not strace output and skipped (first: pasted log:2)');
  await expect(page.getByTestId('expect-status')).toContainText('0 of 2 calls differ from the strace log', CHECK);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('dropped -ff files are merged into one workload, and its link opens with the differences flagged again', async ({ page, context }) => {
  test.setTimeout(90_000);
  const dir = new URL('../tests/strace/logs/', import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => f.startsWith('util-linux-ff.'))
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));
  // one recorded result changed: the first successful msgget now "returned" 5
  const i = files.findIndex((f) => /msgget\(.*\) = 0$/m.test(f.text));
  files[i] = { ...files[i]!, text: files[i]!.text.replace(/(msgget\(.*\) = )0$/m, '$15') };
  const imported = importStrace(files);
  const run = runWorkload(imported.workload);
  const engine = compareExpectations(imported.workload, run.output, run.error !== null);
  if ('error' in engine) throw new Error(engine.error);
  expect(engine.differences.map((d) => [d.expected, d.actual])).toEqual([['= 5', '= 0']]);

  await openFresh(page);
  await editor(page).evaluate((el, fs) => {
    const data = new DataTransfer();
    for (const f of fs) data.items.add(new File([f.text], f.name, { type: 'text/plain' }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
  const status = page.getByTestId('expect-status');
  await expect(status).toContainText(`1 of ${engine.checked} calls differs from the strace log`, CHECK);
  await expect(status).toContainText(`line ${engine.differences[0]!.line}: strace = 5, model = 0`);

  const { other } = await openCopiedLink(page, context);
  await expect(other.getByTestId('expect-status')).toContainText(`line ${engine.differences[0]!.line}: strace = 5, model = 0`, CHECK);
  await expect(editor(other).locator('.cm-expect-differs')).toHaveCount(1);
});
