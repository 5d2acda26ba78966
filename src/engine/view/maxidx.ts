/**
 * The max_idx view's model: the index line 0 … ipc_mni-1 of one `ipc_ids`
 * (ipc/util.c) with the used indices, the cached max_idx and the variant
 * that keeps it (KernelConfig.ipc_maxidx). The operation's search — the
 * binary ipc_search_maxidx of 5.14+ (maxidx_probe events) or the linear
 * step-down of 4.17–5.13 and the walk of older kernels (maxidx_step, or the
 * idr_find results before a maxidx_result) — is read from the frame's
 * events by the page; `maxidx_search` below is that reading, shared so it
 * can be tested here.
 *
 * Simplified: the used indices travel as runs of consecutive indices, at
 * most MAXIDX_MAX_RUNS of them; past that the model says so and the page
 * draws the runs it has.
 */
import type { IpcMaxidx } from '../config';
import type { Kernel } from '../kernel';
import type { IpcType, TraceEvent } from '../trace';
import { for_each_used, ipc_ids_of, pick_ipc, walk_ipc_idr, type TreeNode } from './ipc_ids';
import { moved, type OpAggregate } from './aggregate';
import type { Extractor, ViewOptions } from './types';

export const MAXIDX_MAX_RUNS = 4096;

export interface MaxidxModel {
  ipc: IpcType;
  variant: IpcMaxidx;
  /** the highest idx there can be: ipc_mni - 1 */
  limit: number;
  /** the cached ids->max_idx (-1: none or, without a cache, unknown) */
  max_idx: number;
  in_use: number;
  /** the highest used idx, -1 when none */
  highest: number;
  /** used indices (entries and reserved NULLs) as inclusive [first, last] runs, ascending */
  runs: [number, number][];
  /** more runs existed than MAXIDX_MAX_RUNS */
  truncated: boolean;
  /**
   * The operation's looks as the cost counters count them (exact however
   * many events the trace kept; null before the operation or without its
   * aggregate): binary-search probes, and indices the walk or step-down looked at.
   */
  counted: { probes: number; steps: number } | null;
}

function collect_runs(top: TreeNode | null): { runs: [number, number][]; truncated: boolean; highest: number } {
  const runs: [number, number][] = [];
  let truncated = false;
  let highest = -1;
  const add = (first: number, last: number) => {
    highest = last;
    const prev = runs[runs.length - 1];
    if (prev !== undefined && prev[1] === first - 1) prev[1] = last;
    else if (runs.length < MAXIDX_MAX_RUNS) runs.push([first, last]);
    else truncated = true;
  };
  if (top !== null) for_each_used(top, add);
  return { runs, truncated, highest };
}

/** extract_maxidx: the max_idx view's model of the ipc_ids `pick_ipc` chooses. */
export const extract_maxidx: Extractor<MaxidxModel> = (kernel: Kernel, events: readonly TraceEvent[], options: ViewOptions, aggregate?: OpAggregate | null) => {
  const ipc = pick_ipc(kernel, events, options);
  const ids = ipc_ids_of(kernel, ipc);
  const { runs, truncated, highest } = collect_runs(walk_ipc_idr(ids).top);
  return {
    ipc,
    variant: kernel.state.ipc.variants.ipc_maxidx,
    limit: kernel.state.ipc.ipc_mni - 1,
    max_idx: ids.max_idx,
    in_use: ids.in_use,
    highest,
    runs,
    truncated,
    counted: aggregate ? { probes: moved(aggregate.costs, 'ipc_search_maxidx_probes'), steps: moved(aggregate.costs, 'ipc_maxidx_steps') } : null,
  };
};

/** One look of a max_idx search at an index. */
export interface MaxidxLook {
  /** 'probe': a binary-search probe (idr_get_next from `at`); 'step': an idr_find at `at` */
  kind: 'probe' | 'step';
  at: number;
  /** probe: the bit decided; step: -1 */
  bit: number;
  /** probe: the idx idr_get_next found (null: none); step: `at` when used, null when not */
  hit: number | null;
  /** probe: max_idx + 1 as built so far; step: -1 */
  r: number;
  /** the index of the event in the frame (for lighting it at `sub`) */
  event: number;
}

/** The search of one operation for `ipc`: its looks in order and the max_idx it found (null: no search). */
export interface MaxidxSearch {
  looks: MaxidxLook[];
  result: number | null;
  /** index of the maxidx_result event, -1 when none */
  result_event: number;
}

/**
 * Reads the max_idx search out of an operation's events: maxidx_probe
 * events, else maxidx_step events, else the idr_find results that come
 * straight before a maxidx_result (after the operation's last IDR call of
 * another kind: the step-down follows the idr_remove of ipc_rmid).
 */
export function maxidx_search(events: readonly TraceEvent[], ipc: IpcType): MaxidxSearch {
  const probes: MaxidxLook[] = [];
  const steps: MaxidxLook[] = [];
  let finds: MaxidxLook[] = [];
  let derived: MaxidxLook[] = [];
  let result: number | null = null;
  let result_event = -1;
  events.forEach((ev, i) => {
    switch (ev.kind) {
      case 'maxidx_probe':
        if (ev.ipc === ipc) probes.push({ kind: 'probe', at: ev.probe, bit: ev.bit, hit: ev.hit, r: ev.r, event: i });
        return;
      case 'maxidx_step':
        if (ev.ipc === ipc) steps.push({ kind: 'step', at: ev.idx, bit: -1, hit: ev.hit ? ev.idx : null, r: -1, event: i });
        return;
      case 'idr_result':
      case 'idr_layer_result':
        if (ev.op === 'find') finds.push({ kind: 'step', at: ev.index, bit: -1, hit: ev.ok ? ev.index : null, r: -1, event: i });
        else finds = [];
        return;
      case 'maxidx_result':
        if (ev.ipc === ipc) {
          result = ev.max_idx;
          result_event = i;
          derived = finds;
        }
        finds = [];
        return;
      default:
        return;
    }
  });
  const looks = probes.length > 0 ? probes : steps.length > 0 ? steps : derived;
  return { looks, result, result_event };
}
