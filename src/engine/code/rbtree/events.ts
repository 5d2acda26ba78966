/**
 * lib/rbtree.c under a /proc directory (fs/proc/generic.c's pde_subdir_insert,
 * 3.19+) or a /proc/sys directory (fs/proc/proc_sysctl.c's insert_entry):
 * the descent's comparisons, the link and the fix-ups. orderWhy says why a
 * comparison went the way it did.
 */
import type { FnName } from '../listings';
import type { CodeContext, MechanismRows, RbOrder } from '../table';

/** Why `name` sorts before or after `key` under `order`, as a clause ("ifb59 has 5 characters, ifb5 4: …"). */
export function orderWhy(name: string, key: string, order: RbOrder): string {
  if (name === key) return `${name} is the name itself`;
  if (order === 'length' && name.length !== key.length) {
    return `${name} has ${name.length} characters, ${key} ${key.length}: proc_match puts the shorter name first`;
  }
  let at = 0;
  while (at < name.length && at < key.length && name[at] === key[at]) at++;
  if (at === name.length || at === key.length) return `${at === name.length ? name : key} is a prefix of ${at === name.length ? key : name}: namecmp puts the shorter name first`;
  const a = name[at]!;
  const b = key[at]!;
  const same = order === 'length' ? `both have ${name.length} characters; ` : '';
  return `${same}character ${at + 1} differs, '${a}' ${a < b ? '<' : '>'} '${b}' (${order === 'length' ? 'memcmp' : 'namecmp'})`;
}

const rbInsertFn = (c: CodeContext): FnName => (c.rbTree === 'procfs' ? 'pde_subdir_insert' : 'insert_entry');
const rbInsertVia = (c: CodeContext) => (c.rbTree === 'procfs' ? ['proc_register'] : ['__register_sysctl_table']);

/** The rows of the rbtree events (the rbtree mechanism). */
export const RBTREE_ROWS = {
  rb_compare: {
    mechanism: 'rbtree',
    at: (ev, c) => ({
      fn: rbInsertFn(c),
      line: ev.dir < 0 ? 'left' : ev.dir > 0 ? 'right' : 'dup',
      via: rbInsertVia(c),
      why:
        c.rbName === null || c.rbOrder === null
          ? ev.dir === 0
            ? `The name equals ${ev.key}: already there.`
            : `The name sorts ${ev.dir < 0 ? 'before' : 'after'} ${ev.key}: go ${ev.dir < 0 ? 'left' : 'right'}.`
          : ev.dir === 0
            ? `${c.rbName} against ${ev.key}: the same name, so the descent stops here.`
            : `${c.rbName} against ${ev.key}: ${orderWhy(c.rbName, ev.key, c.rbOrder)}, so ${c.rbName} sorts ${ev.dir < 0 ? 'before' : 'after'} it: go ${ev.dir < 0 ? 'left' : 'right'}.`,
    }),
  },
  rb_link: {
    mechanism: 'rbtree',
    at: (ev, c) => ({
      fn: rbInsertFn(c),
      line: 'link',
      via: rbInsertVia(c),
      why: ev.parent === null ? `${ev.key} becomes the root.` : `An empty link is reached: ${ev.key} is linked as the ${ev.dir} child of node ${ev.parent}, red.`,
    }),
  },
  rb_rotate: {
    mechanism: 'rbtree',
    at: (ev, c) =>
      c.rbCase?.op === 'erase'
        ? { fn: 'rb_erase_color', line: `case${c.rbCase.n}`, via: ['rb_erase'], why: `Erase fix-up case ${c.rbCase.n}: rotate ${ev.dir} at node ${ev.pivot} to move a black node into the short side.` }
        : {
            fn: 'rb_insert_color',
            line: c.rbCase?.n === 2 ? 'case2' : 'case3',
            via: [rbInsertFn(c)],
            why: `Insert fix-up case ${c.rbCase?.n ?? 3}: the red parent and child are in a line${c.rbCase?.n === 2 ? ' after this' : ''}, so rotate ${ev.dir} at node ${ev.pivot}.`,
          },
  },
  rb_recolour: {
    mechanism: 'rbtree',
    at: (ev, c) =>
      c.rbCase === null
        ? { fn: 'rb_insert_color', line: 'root', via: [rbInsertFn(c)], why: `Node ${ev.node} is the root, so it is black.` }
        : c.rbCase.op === 'erase'
          ? { fn: 'rb_erase_color', line: `case${c.rbCase.n}`, via: ['rb_erase'], why: `Erase fix-up case ${c.rbCase.n}: node ${ev.node} turns ${ev.colour}.` }
          : {
              fn: 'rb_insert_color',
              line: c.rbCase.n === 1 ? 'case1' : 'case3',
              via: [rbInsertFn(c)],
              why: c.rbCase.n === 1 ? `Case 1 (red uncle): node ${ev.node} turns ${ev.colour}, pushing the red up.` : `Case 3: node ${ev.node} turns ${ev.colour} after the rotation.`,
            },
  },
  rb_case: {
    mechanism: 'rbtree',
    at: (ev, c) =>
      ev.op === 'erase'
        ? { fn: 'rb_erase_color', line: `case${Math.min(4, Math.max(1, ev.case))}`, via: ['rb_erase'], why: `The erase left one black node missing: fix-up case ${ev.case}.` }
        : {
            fn: 'rb_insert_color',
            line: `case${Math.min(3, Math.max(1, ev.case))}`,
            via: [rbInsertFn(c)],
            why: `The new red node has a red parent: fix-up case ${ev.case}${ev.case === 1 ? ' (the uncle is red too)' : ev.case === 2 ? ' (it is the inner grandchild)' : ' (it is the outer grandchild)'}.`,
          },
  },
  rb_erase: { mechanism: 'rbtree', at: (ev) => ({ fn: 'rb_erase', line: 'unlink', via: ['remove_proc_entry'], why: `${ev.key} is unlinked from the tree (node ${ev.node}).` }) },
} satisfies MechanismRows<'rbtree'>;
