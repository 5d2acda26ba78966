/** What the narration of the views (narration.ts) starts from, made by the page on every step; apart from narration.ts, which loads on first use. */
import type { CodeBase } from '../../engine/code/code_context';
import { configForChoice, type KernelChoice } from '../../engine/kernel_choice';
import { DEFAULT_PRESET } from '../../engine/presets';

/** What the narration starts from: the kernel the page runs and the current statement's text. */
export function narrationBase(kernel: KernelChoice, statement: string | null): CodeBase {
  return { config: configForChoice(kernel), release: kernel.preset ?? DEFAULT_PRESET, statement: statement ?? '' };
}
