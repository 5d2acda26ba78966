// A step's output is made as text (output.ts's stepping), a run to the end's
// as UTF-8 bytes: the two must print the same, byte for byte, on every
// workload of the conformance corpus and the examples, and on lines that
// take every path of the output (errors, prefixes, payloads, non-ASCII text).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCorpus } from '../../../tests/conformance/corpus';
import { bootMachine } from '../api';
import { runWorkload, streamWorkload } from '../run';

/** The output of stepping `text` one operation at a time, as the page does, or null for a text that cannot be stepped (multi-CPU). */
function stepped(text: string): { output: string; error: string | null } | null {
  const booted = bootMachine(text);
  if (!booted.ok) return booted.error.code === 'multi_cpu_not_steppable' ? null : { output: '', error: booted.error.message };
  let output = '';
  for (;;) {
    const r = booted.machine.run.step();
    if (r.kind === 'op') output += r.output;
    else return { output, error: r.kind === 'error' ? r.error.message : null };
  }
}

/** The bytes streamWorkload writes, as text. */
function streamed(text: string): string {
  const chunks: Uint8Array[] = [];
  streamWorkload(text, (c) => chunks.push(c));
  return Buffer.concat(chunks).toString('utf8');
}

function expectSameBothWays(text: string): void {
  const step = stepped(text);
  if (step === null) return;
  const whole = runWorkload(text);
  expect(step.output).toBe(whole.output);
  expect(step.error).toBe(whole.error?.message ?? null);
  expect(streamed(text)).toBe(whole.output);
}

const EXAMPLES = join(import.meta.dirname, '../../../public/examples');

describe('stepping prints what a run to the end prints', () => {
  it('on every workload of the conformance corpus and every example', () => {
    const texts = [...listCorpus().map((e) => e.text), ...readdirSync(EXAMPLES).map((f) => readFileSync(join(EXAMPLES, f), 'utf8'))];
    expect(texts.length).toBeGreaterThan(300);
    let steppable = 0;
    for (const text of texts) {
      if (stepped(text) !== null) steppable++;
      expectSameBothWays(text);
    }
    expect(steppable).toBeGreaterThan(300);
  }, 120_000);

  it('on lines of every shape: errors, variables, loops, payloads, non-ASCII text, processes', () => {
    const texts = [
      // constant calls (a plan's pieces), variable arguments, error results, negative arguments
      'q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\nmsgctl(q, IPC_RMID)\nmsgctl(q, IPC_RMID)\nmsgget(-5, 0)\nshmget(IPC_PRIVATE, 4096, 0600)\nsemget(IPC_PRIVATE, 3, 0600)\n',
      'for i in 0..40 { q = msgget(IPC_PRIVATE, IPC_CREAT|0600)\n msgctl(i, IPC_STAT, msg_qnum, mode)\n msgctl(q - 1, IPC_RMID) }\n',
      // payloads with non-ASCII and non-UTF-8 bytes, received back
      'q = msgget(IPC_PRIVATE, 0600)\nmsgsnd(q, 1, "héllo ✓ \\xff\\x00", 0)\nmsgrcv(q, 0, 64, 0)\nmsgrcv(q, 0, 64, IPC_NOWAIT)\n',
      // echo (constant and with a variable), cat and ls, sysctl files
      'echo 100 > /proc/sys/kernel/msgmni\nn = msgget(IPC_PRIVATE, 0600)\necho $n > /proc/sys/kernel/msg_next_id\ncat /proc/sys/kernel/msg_next_id\ncat /proc/sysvipc/msg\nls -U /proc/net/dev_snmp6\n',
      'repeat 3000 { shmget(IPC_PRIVATE, 1, 0600) }\ncat /proc/sysvipc/shm\n',
      // semaphores: semop, GETALL, SETALL
      's = semget(IPC_PRIVATE, 3, 0600)\nsemctl(s, 0, SETALL, {1, 2, 3})\nsemop(s, {0, -1, 0})\nsemctl(s, 0, GETALL)\nsemop(s, {1, -5, IPC_NOWAIT})\n',
      // shmat / shmdt
      'm = shmget(IPC_PRIVATE, 4096, 0600)\na = shmat(m, 0, 0)\nshmdt(a)\nshmdt(a)\n',
      // processes: prefixed lines, a call left unfinished and resumed
      's = semget(IPC_PRIVATE, 1, IPC_CREAT|0600)\n@a semop(s, {0, -1})\n@b msgget(IPC_PRIVATE, 0600)\nsemop(s, {0, 1})\n',
      // a run-time error after some output
      'msgget(IPC_PRIVATE, 0600)\nmsgctl(x, IPC_RMID)\n',
    ];
    for (const text of texts) expectSameBothWays(text);
  });
});
