/**
 * Compare mode's "first divergence": one workload run on two kernel
 * choices in lockstep, operation by operation, up to the first operation
 * whose printed output (or, asked for, whose cost counters) differ. Both
 * machines are booted as the playground boots them (api.ts bootMachine,
 * `#@default` lines applied), so step n here is step n of each pane.
 */
import { bootMachine } from './api';
import { modeledNs } from './cost_model';
import { configForChoice, type KernelChoice } from './kernel_choice';
import { COST_NAMES, type CostName, type Costs } from './probe';

export type DivergenceKind = 'output' | 'costs';

export interface Divergence {
  /** the first differing operation (1-based, as the playground's step), or null when none differs */
  step: number | null;
  /** what differs there: the output, a counter, or one run ending (an error or its end) before the other */
  reason: 'output' | 'costs' | 'end' | null;
  /** what operation `step` printed on each side ('' past a run's end) */
  left: string;
  right: string;
  /** the first counter that differs at `step` (reason 'costs') */
  counter: CostName | null;
  /** modeled nanoseconds of operation `step` on each side */
  leftNs: number;
  rightNs: number;
  /** operations compared */
  compared: number;
}

type Side = { output: string; costs: Costs; ended: boolean };

/**
 * Runs `text` on both choices until the first operation that differs in
 * its output (kind 'output') or in its output or any cost counter (kind
 * 'costs'), at most `maxOps` operations. A parse error gives step null
 * with reason null and nothing compared.
 */
export function firstDivergence(text: string, left: KernelChoice, right: KernelChoice, kind: DivergenceKind, maxOps = 1_000_000): Divergence {
  const a = bootMachine(text, configForChoice(left));
  const b = bootMachine(text, configForChoice(right));
  const none: Divergence = { step: null, reason: null, left: '', right: '', counter: null, leftNs: 0, rightNs: 0, compared: 0 };
  if (!a.ok || !b.ok) return none;
  const ma = a.machine;
  const mb = b.machine;
  const advance = (m: typeof ma, before: Costs): Side => {
    const r = m.run.step();
    const costs = { ...m.kernel.probe.costs };
    for (const n of COST_NAMES) costs[n] -= before[n];
    if (r.kind === 'op') return { output: r.output, costs, ended: false };
    return { output: r.kind === 'error' ? `error: ${r.error.message}` : '', costs, ended: true };
  };
  for (let step = 1; step <= maxOps; step++) {
    const sa = advance(ma, { ...ma.kernel.probe.costs });
    const sb = advance(mb, { ...mb.kernel.probe.costs });
    const at = (reason: Divergence['reason'], counter: CostName | null = null): Divergence => ({
      step,
      reason,
      left: sa.output,
      right: sb.output,
      counter,
      leftNs: modeledNs(sa.costs),
      rightNs: modeledNs(sb.costs),
      compared: step,
    });
    if (sa.ended && sb.ended) return sa.output === sb.output ? { ...none, compared: step - 1 } : at('output');
    if (sa.ended !== sb.ended) return at('end');
    if (sa.output !== sb.output) return at('output');
    if (kind === 'costs') {
      const counter = COST_NAMES.find((n) => sa.costs[n] !== sb.costs[n]);
      if (counter !== undefined) return at('costs', counter);
    }
  }
  return { ...none, compared: maxOps };
}
