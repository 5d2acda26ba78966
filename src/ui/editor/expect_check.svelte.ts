/**
 * Checks the workload's `# expect:` results (an imported strace log) in a
 * worker of its own, a moment after each change of the text or kernel; the
 * latest request wins (a check still running is abandoned by restarting
 * its worker). Texts without expectations are not sent.
 */
import { createEngineClient, type EngineClient } from '../engine-client';
import type { KernelChoice } from '../../engine/kernel_choice';
import type { ExpectCheck } from '../../engine/import/expect_run';
import type { ExpectMark } from './expect_marks';

export const EXPECT_DELAY_MS = 300;

export class ExpectChecker {
  /** the latest check's result; null: no expectations, or not checked yet */
  result: ExpectCheck | null = $state.raw(null);
  running = $state(false);
  #client: EngineClient | null = null;
  #request = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** the editor's marks of the latest result */
  get marks(): ExpectMark[] {
    return (this.result?.differences ?? []).map((d) => ({ line: d.line, message: `strace ${d.expected}, model ${d.actual}` }));
  }

  update(text: string, kernel: KernelChoice): void {
    const id = ++this.#request;
    clearTimeout(this.#timer);
    if (!text.includes('# expect:')) {
      this.result = null;
      this.running = false;
      return;
    }
    this.#timer = setTimeout(() => void this.#check(id, text, $state.snapshot<KernelChoice>(kernel)), EXPECT_DELAY_MS);
  }

  async #check(id: number, text: string, kernel: KernelChoice): Promise<void> {
    if (this.running) this.#client?.restart();
    this.#client ??= createEngineClient('ipcscope-expect');
    this.running = true;
    try {
      const r = await this.#client.call((remote) => remote.checkExpectations(text, kernel));
      if (id === this.#request) this.result = r;
    } catch {
      // restarted for a newer request, or the worker failed: the newer request (if any) answers
    } finally {
      if (id === this.#request) this.running = false;
    }
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#client?.restart();
  }
}
