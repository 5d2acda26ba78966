/**
 * Multi-CPU runs for the playground, in a worker of their own (so the
 * stepping session is untouched): one run at a time, progress in simulated
 * time, Cancel (which restarts that worker, as a run does not stop
 * half-way), and optionally a second kernel run after the first for a
 * side-by-side comparison.
 */
import type { KernelChoice } from '../../engine/api';
import type { SmpRunData } from '../../engine/smp/smp_api';
import { createEngineClient, EngineRestartedError, type EngineClient } from '../engine-client';
import { constantSpecs } from './constants_field';

export interface SmpRunError {
  message: string;
  /** 1-based, when the error is at a place in the workload */
  line: number | null;
  column: number | null;
  /** what the setup printed before it */
  output: string;
}

export interface SmpRan {
  text: string;
  /** JSON of the kernel choices, in the order of `runs` */
  kernels: string;
  /** the machine constants' specs, joined by spaces (the field's spacing does not matter) */
  constants: string;
}

export class SmpRunner {
  running = $state(false);
  /** simulated ns reached and the end of the run being made (0 before the first report), and which of the kernels it is */
  progress = $state.raw<{ t: number; end: number; index: number; of: number } | null>(null);
  /** one result per kernel of the last finished request */
  runs = $state.raw<{ kernel: KernelChoice; data: SmpRunData }[]>([]);
  ran = $state.raw<SmpRan | null>(null);
  error = $state.raw<SmpRunError | null>(null);
  /** a preset to run after the playground's kernel, side by side ('' for none) */
  compareWith = $state('');
  /** overrides of the machine's constants for every kernel of a run, `NAME=VALUE` each (the CLI's `--smp`) */
  constants = $state('');
  #client: EngineClient | null = null;
  #run = 0;

  /** Runs `text` on each of `kernels` in turn (the latest request wins). */
  async run(text: string, kernels: readonly KernelChoice[]): Promise<void> {
    this.#client ??= createEngineClient('ipcscope-smp');
    const run = ++this.#run;
    this.running = true;
    this.error = null;
    this.progress = { t: 0, end: 0, index: 0, of: kernels.length };
    const out: { kernel: KernelChoice; data: SmpRunData }[] = [];
    const options = { constants: constantSpecs(this.constants) };
    try {
      for (const [index, kernel] of kernels.entries()) {
        const reply = await this.#client.runSmp(text, kernel, options, (t, end) => {
          if (run === this.#run) this.progress = { t, end, index, of: kernels.length };
        });
        if (run !== this.#run) return;
        if (!reply.ok) {
          // an empty span at the start is how the engine marks an error of no place in the workload (not multi-CPU, a bad constant)
          const at = (reply.error.code === 'internal_error' || reply.error.code === 'bad_declaration') && reply.error.start === 0 && reply.error.end === 0;
          this.error = { message: reply.error.message, line: at ? null : reply.error.line, column: at ? null : reply.error.column, output: reply.output };
          this.runs = [];
          this.ran = null;
          return;
        }
        out.push({ kernel, data: reply.data });
      }
      this.runs = out;
      this.ran = { text, kernels: JSON.stringify(kernels), constants: options.constants.join(' ') };
    } catch (e) {
      if (run !== this.#run) return;
      const message = e instanceof EngineRestartedError ? 'The run was cancelled.' : `The run failed: ${e instanceof Error ? e.message : String(e)}`;
      this.error = { message, line: null, column: null, output: '' };
    } finally {
      if (run === this.#run) {
        this.running = false;
        this.progress = null;
      }
    }
  }

  cancel(): void {
    if (this.running) this.#client?.cancelSmp();
  }
}
