/**
 * fs/proc/generic.c and fs/proc/proc_sysctl.c: the entries of a /proc or
 * /proc/sys directory, and the rb-tree insert of each.
 */
import type { CodeListing } from '../listings';

export const PROCFS_LISTINGS = {
  proc_readdir_de: {
    name: 'proc_readdir_de',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'proc_readdir_de(file, ctx, de):'],
      ['skip', '  de = the first child; skip ctx->pos - 2 entries from it'],
      ['emit', '  for each child: if !dir_emit(ctx, name, len, low_ino, type): stop; ctx->pos++'],
    ],
  },
  proc_register: {
    name: 'proc_register',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'proc_register(dir, dp):'],
      ['inum', '  dp->low_ino = proc_alloc_inum()'],
      ['walk', '  [≤3.18] for tmp = dir->subdir; tmp; tmp = tmp->next: if names match: WARN'],
      ['link', '  [≤3.18] dp->next = dir->subdir; dir->subdir = dp    (newest first)'],
      ['insert', '  [3.19+] if !pde_subdir_insert(dir, dp): WARN, free the entry, return NULL'],
      ['warn', '  WARN("proc_dir_entry \'%s/%s\' already registered")'],
      ['ret', '  return dp'],
    ],
  },
  remove_proc_entry: {
    name: 'remove_proc_entry',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'remove_proc_entry(name, parent):'],
      ['find', '  de = pde_subdir_find(parent, name)     [≤3.18: walk the list]'],
      ['unlink', '  rb_erase(&de->subdir_node, &parent->subdir)   [≤3.18: unlink from the list]'],
      ['put', '  proc_entry_rundown(de); pde_put(de)'],
    ],
  },
  pde_subdir_insert: {
    name: 'pde_subdir_insert',
    file: 'fs/proc/generic.c',
    lines: [
      ['entry', 'pde_subdir_insert(dir, de):'],
      ['cmp', '  while *new: result = proc_match(de->name, this)   (shorter names first, then memcmp)'],
      ['left', '    if result < 0: new = &(*new)->rb_left'],
      ['right', '    else if result > 0: new = &(*new)->rb_right'],
      ['dup', '    else: return false                     (already registered)'],
      ['link', '  rb_link_node(&de->subdir_node, parent, new)'],
      ['color', '  rb_insert_color(&de->subdir_node, &dir->subdir); return true'],
    ],
  },
  insert_entry: {
    name: 'insert_entry',
    file: 'fs/proc/proc_sysctl.c',
    lines: [
      ['entry', "insert_entry(head, entry):               ‹a /proc/sys directory's rb-tree›"],
      ['cmp', '  while *p: cmp = namecmp(name, namelen, parent_name, parent_len)'],
      ['left', '    if cmp < 0: p = &(*p)->rb_left'],
      ['right', '    else if cmp > 0: p = &(*p)->rb_right'],
      ['dup', '    else: return -EEXIST'],
      ['link', '  rb_link_node(node, parent, p)'],
      ['color', '  rb_insert_color(node, &head->parent->root)'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
