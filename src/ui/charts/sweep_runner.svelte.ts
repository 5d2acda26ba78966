/**
 * One sweep at a time in a worker of its own (so the playground's session
 * is untouched): progress as it goes, the result, and Cancel, which
 * restarts that worker because a sweep does not stop between points.
 */
import type { SweepRequest, SweepResult } from '../../engine/api';
import { createEngineClient, EngineRestartedError, type EngineClient } from '../engine-client';

export interface SweepProgressState {
  done: number;
  total: number;
  label: string;
  value: number;
}

export class SweepRunner {
  running = $state(false);
  progress = $state.raw<SweepProgressState | null>(null);
  result = $state.raw<SweepResult | null>(null);
  /** what the last result was run for */
  request = $state.raw<SweepRequest | null>(null);
  error = $state<string | null>(null);
  #client: EngineClient | null = null;
  #run = 0;

  async run(req: SweepRequest): Promise<void> {
    this.#client ??= createEngineClient('ipcscope-sweep');
    const run = ++this.#run;
    this.running = true;
    this.error = null;
    this.progress = { done: 0, total: req.values.length * Math.max(1, req.kernels.length), label: '', value: 0 };
    try {
      const out = await this.#client.sweep(req, (done, total, label, value) => {
        if (run === this.#run) this.progress = { done, total, label, value };
      });
      if (run !== this.#run) return;
      if (out.ok) {
        this.result = out.result;
        this.request = req;
      } else this.error = out.message;
    } catch (e) {
      if (run !== this.#run) return;
      this.error = e instanceof EngineRestartedError ? 'The sweep was cancelled.' : `The sweep failed: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      if (run === this.#run) {
        this.running = false;
        this.progress = null;
      }
    }
  }

  cancel(): void {
    if (this.running) this.#client?.cancelSweep();
  }
}
