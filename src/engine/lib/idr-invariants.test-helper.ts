/**
 * Structural invariants of the modern IDR's radix tree, checked by the tests
 * after every step (not used by the engine). Throws with a message naming
 * the first broken invariant.
 */
import { idr_find, idr_get_next, type Idr } from './idr';
import { RADIX_TREE_MAP_SIZE, type RadixTreeNode } from './radix-tree';
import { tag_get } from './radix-tree-tags';

export type IdrModel<T> = Map<number, T | null>;

function fail(msg: string): never {
  throw new Error(`IDR invariant broken: ${msg}`);
}

/** Walks a subtree, checks it, returns whether it has a free slot; fills `seen` with index -> entry. */
function check_node<T>(node: RadixTreeNode<T>, first: number, seen: Map<number, T | null>): boolean {
  if (node.slots.length !== RADIX_TREE_MAP_SIZE) fail(`node ${node.id} has ${node.slots.length} slots`);
  if (node.shift % 6 !== 0 || node.shift < 0 || node.shift > 30) fail(`node ${node.id} shift ${node.shift}`);
  let count = 0;
  let has_free = false;
  const unit = 2 ** node.shift;
  for (let off = 0; off < RADIX_TREE_MAP_SIZE; off++) {
    const slot = node.slots[off];
    const free = tag_get(node, off);
    const index = first + off * unit;
    if (node.shift === 0) {
      if (slot !== null) {
        if (free) fail(`leaf ${node.id} slot ${off} holds an entry but is marked free`);
        count++;
        seen.set(index, slot as T);
      } else if (!free) {
        count++;
        seen.set(index, null);
      }
      if (free) has_free = true;
    } else {
      if (slot === null) {
        if (!free) fail(`node ${node.id} slot ${off} is empty but not marked free`);
        has_free = true;
      } else {
        const child = slot as RadixTreeNode<T>;
        count++;
        if (child.parent !== node) fail(`node ${child.id} parent is not ${node.id}`);
        if (child.offset !== off) fail(`node ${child.id} offset ${child.offset} != ${off}`);
        if (child.shift !== node.shift - 6) fail(`node ${child.id} shift ${child.shift} under ${node.shift}`);
        const child_free = check_node(child, index, seen);
        if (child_free !== free) fail(`node ${node.id} slot ${off} free bit ${free} but subtree free ${child_free}`);
        if (child_free) has_free = true;
      }
    }
  }
  if (count !== node.count) fail(`node ${node.id} count ${node.count}, ${count} slots in use`);
  if (count === 0) fail(`node ${node.id} is empty but still in the tree`);
  return has_free;
}

/**
 * Checks every structural invariant of `idr` and that its contents, idr_find
 * and idr_get_next agree with `model` (index -> entry, null = reserved).
 */
export function check_idr<T extends object>(idr: Idr<T>, model: IdrModel<T>, probe_ids: readonly number[] = []): void {
  const root = idr.idr_rt;
  const head = root.xa_head;
  const seen = new Map<number, T | null>();
  if (head === null) {
    if (!root.root_free) fail('empty tree without the root free bit');
  } else {
    if (head.parent !== null) fail(`head ${head.id} has a parent`);
    if (head.offset !== 0) fail(`head ${head.id} offset ${head.offset}`);
    if (head.shift > 0 && head.count === 1 && head.slots[0] !== null) fail(`head ${head.id} could shrink`);
    const free = check_node(head, 0, seen);
    if (free !== root.root_free) fail(`root free bit ${root.root_free}, tree free ${free}`);
  }
  if (seen.size !== model.size) fail(`tree holds ${seen.size} ids, model ${model.size}`);
  for (const [index, entry] of model) {
    if (!seen.has(index)) fail(`index ${index} missing from the tree`);
    if (seen.get(index) !== entry) fail(`index ${index} holds the wrong entry`);
    if (idr_find(idr, index) !== entry) fail(`idr_find(${index}) disagrees`);
  }
  for (const id of probe_ids) {
    const want = model.get(id) ?? null;
    if (idr_find(idr, id) !== want) fail(`idr_find(${id}) disagrees`);
  }
  const present = [...model]
    .filter(([, e]) => e !== null)
    .map(([i]) => i)
    .sort((a, b) => a - b);
  const walked: number[] = [];
  const cursor = { id: 0 };
  for (;;) {
    const e = idr_get_next(idr, cursor);
    if (e === null) break;
    if (e !== model.get(cursor.id)) fail(`idr_get_next returned the wrong entry at ${cursor.id}`);
    walked.push(cursor.id);
    cursor.id++;
  }
  if (walked.join() !== present.join()) fail(`idr_get_next walked ${walked.length} ids, model has ${present.length}`);
}
