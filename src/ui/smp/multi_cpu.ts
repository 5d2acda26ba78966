/**
 * Whether the editor's workload is a multi-CPU one (the page then shows
 * the Multi-CPU run panel instead of the stepping views). A text that
 * parses answers by its declarations; one that does not (mid-edit) by a
 * line that starts with a declaration keyword, so the page does not flip
 * between the two layouts while the user types.
 */
import { parse } from '../../engine/script/parser';

const DECLARATION_LINE = /^[ \t]*(cpus|duration|warmup|task)[ \t]+(?![ \t]*=)/m;

export function isMultiCpuText(text: string): boolean {
  const parsed = parse(text);
  return parsed.ok ? parsed.program.smp !== undefined : DECLARATION_LINE.test(text.replace(/#.*$/gm, ''));
}
