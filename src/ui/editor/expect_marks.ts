/**
 * The editor's marks for an imported strace log: a gutter sign and a line
 * class on every call whose model result differs from the one strace
 * recorded (`# expect:`), the two values in the sign's title. Set from
 * outside with an effect (the check runs in a worker: expect_check.svelte.ts)
 * and moved with the edits until the next check.
 */
import { RangeSet, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, gutter, GutterMarker, type DecorationSet } from '@codemirror/view';

export interface ExpectMark {
  /** 1-based line */
  line: number;
  /** e.g. `strace = 0, model = -1 EINVAL` */
  message: string;
}

export const setExpectMarks = StateEffect.define<readonly ExpectMark[]>();

class DiffersMarker extends GutterMarker {
  constructor(readonly message: string) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof DiffersMarker && other.message === this.message;
  }
  override toDOM() {
    const el = document.createElement('span');
    el.className = 'cm-expect-sign';
    el.textContent = '≠';
    // textContent and title only: nothing of the log becomes markup
    el.title = `differs from the strace log: ${this.message}`;
    return el;
  }
}

interface Marks {
  signs: RangeSet<GutterMarker>;
  lines: DecorationSet;
}

const marksField = StateField.define<Marks>({
  create: (): Marks => ({ signs: RangeSet.empty as RangeSet<GutterMarker>, lines: Decoration.none }),
  update(marks, tr) {
    let next = { signs: marks.signs.map(tr.changes), lines: marks.lines.map(tr.changes) };
    for (const e of tr.effects) {
      if (!e.is(setExpectMarks)) continue;
      const doc = tr.state.doc;
      const shown = [...e.value].filter((m) => m.line >= 1 && m.line <= doc.lines).sort((a, b) => a.line - b.line);
      next = {
        signs: RangeSet.of(
          shown.map((m) => new DiffersMarker(m.message).range(doc.line(m.line).from)),
          true,
        ),
        lines: Decoration.set(
          shown.map((m) => Decoration.line({ class: 'cm-expect-differs', attributes: { 'data-expect': m.message } }).range(doc.line(m.line).from)),
          true,
        ),
      };
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f, (m) => m.lines),
});

export const expectMarks: Extension = [
  marksField,
  gutter({ class: 'cm-expect-gutter', markers: (v) => v.state.field(marksField).signs }),
  EditorView.baseTheme({
    '.cm-expect-sign': { color: 'var(--danger, #c62828)', fontWeight: 'bold', padding: '0 2px' },
    '.cm-expect-differs': { backgroundColor: 'color-mix(in srgb, var(--danger, #c62828) 12%, transparent)' },
  }),
];
