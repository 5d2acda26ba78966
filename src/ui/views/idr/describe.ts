/** The IDR view in words: the caption of the current event and the sentence for screen readers. */
import type { IdrModel } from '../../../engine/view/idr';
import type { TraceEvent } from '../../../engine/trace';
import type { ViewFrame } from '../types';
import { idr_at } from './idr_fold';

/** One event of the IDR (of the kind `impl`) in a few words, or null for events of other mechanisms. */
export function idrEventText(ev: TraceEvent, impl: IdrModel['impl'] = 'radix'): string | null {
  switch (ev.kind) {
    case 'idr_visit':
      return `${ev.op}: visit node ${ev.node} (shift ${ev.shift}), slot ${ev.offset}`;
    case 'idr_slot':
      return `${ev.op}: slot ${ev.offset} of node ${ev.node} ${ev.found ? 'holds an entry' : 'is empty'}`;
    case 'idr_tag':
      return `IDR_FREE ${ev.free ? 'set' : 'cleared'} on ${ev.node === null ? 'the root' : `node ${ev.node} slot ${ev.offset}`}`;
    case 'idr_store':
      return `index ${ev.index} in node ${ev.node} slot ${ev.offset} becomes ${ev.entry === 'null' ? 'a reserved NULL' : ev.entry === 'entry' ? 'an entry' : 'empty'}`;
    case 'idr_grow':
      return `the tree grows: node ${ev.node} (shift ${ev.shift}) is the new head`;
    case 'idr_shrink':
      return `the tree shrinks: node ${ev.node} (shift ${ev.shift}) is dropped`;
    case 'idr_node_new':
      return `new node ${ev.node} (shift ${ev.shift})${ev.parent === null ? '' : ` under node ${ev.parent} slot ${ev.offset}`}`;
    case 'idr_node_free':
      return `node ${ev.node} is freed`;
    case 'idr_result':
      return `idr_${ev.op} ${ev.ok ? 'returns' : 'fails at'} ${ev.index}`;
    case 'idr_layer_visit':
      return `${ev.op}: visit layer ${ev.layer} (level ${ev.level}), slot ${ev.offset}`;
    case 'idr_layer_new':
      return `layer ${ev.layer} ${impl === 'layer256' ? 'allocated from the slab' : 'taken from the free list'} (level ${ev.level})`;
    case 'idr_layer_grow':
      return `the tree grows to ${ev.layers} layers (top: layer ${ev.layer})`;
    case 'idr_layer_drop':
      return `the tree shrinks to ${ev.layers} layers`;
    case 'idr_layer_release':
      return `layer ${ev.layer} released to ${ev.to === 'rcu' ? 'an RCU grace period' : 'the free list'}`;
    case 'idr_layer_prealloc':
      return `idr_pre_get: layer ${ev.layer} onto the free list (${ev.free_cnt})`;
    case 'idr_layer_trim':
      return `free list trimmed: layer ${ev.layer} (${ev.free_cnt} left)`;
    case 'idr_layer_bit':
      return `bitmap bit ${ev.offset} of layer ${ev.layer} ${ev.full ? 'set' : 'cleared'}`;
    case 'idr_layer_store':
      return `index ${ev.index} in layer ${ev.layer} slot ${ev.offset} becomes ${ev.entry === 'entry' ? 'an entry' : ev.entry === 'null' ? 'a reserved NULL' : 'empty'}`;
    case 'idr_layer_warning':
      return `idr_remove called for id=${ev.id} which is not allocated`;
    case 'idr_layer_result':
      return `idr_${ev.op} ${ev.ok ? 'returns' : 'fails at'} ${ev.index}`;
    default:
      return null;
  }
}

export function summary(m: IdrModel): string {
  if (m.impl === 'layer') {
    return `${m.ipc} IDR (idr_layer): ${m.height} layers, ${m.node_count} in the tree, ${m.entries} ids used, ${m.id_free_cnt} on the free list`;
  }
  if (m.impl === 'layer256') {
    return `${m.ipc} IDR (256-slot idr_layer): ${m.height} layers, ${m.node_count} in the tree, ${m.entries} ids used, hint ${m.hint === null ? 'none' : `layer ${m.hint}`}`;
  }
  return `${m.ipc} IDR: height ${m.height}, ${m.node_count} nodes, ${m.entries} entries, ${m.reserved} reserved`;
}

export function describeIdr(frame: ViewFrame<IdrModel>, sub: number): string {
  const { model, lit } = idr_at(frame, sub);
  const n = frame.events.length;
  const where =
    frame.step === 0
      ? 'Before the first operation.'
      : sub >= n
        ? `After operation ${frame.step}.`
        : sub === 0
          ? `Before operation ${frame.step}.`
          : `Operation ${frame.step}, event ${sub} of ${n}: ${(lit.event && idrEventText(lit.event, model.impl)) ?? lit.event?.kind ?? ''}.`;
  return `${where} ${summary(model)}.`;
}
