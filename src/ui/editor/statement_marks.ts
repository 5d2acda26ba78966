/**
 * What the editor shows of the run: the statement of the current step
 * (highlighted, scrolled into view) and a gutter mark on every line whose
 * statement returned an error so far. Both are set from outside with
 * effects and follow edits of the text until the next update.
 */
import { RangeSet, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, gutter, GutterMarker, type DecorationSet } from '@codemirror/view';

export interface StatementSpan {
  from: number;
  to: number;
}

export const setCurrentStatement = StateEffect.define<StatementSpan | null>();
export const setErrorLines = StateEffect.define<readonly number[]>();

const currentMark = Decoration.mark({ class: 'cm-current-statement' });
const currentLine = Decoration.line({ class: 'cm-current-line', attributes: { 'data-current': 'true' } });

const currentField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let next = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setCurrentStatement)) continue;
      const span = e.value;
      const len = tr.state.doc.length;
      if (span === null || span.from > len) {
        next = Decoration.none;
        continue;
      }
      const to = Math.min(span.to, len);
      const line = tr.state.doc.lineAt(span.from);
      next = Decoration.set(to > span.from ? [currentLine.range(line.from), currentMark.range(span.from, to)] : [currentLine.range(line.from)], true);
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

class ErrorReturnMarker extends GutterMarker {
  override toDOM() {
    const el = document.createElement('span');
    el.className = 'cm-error-return';
    el.textContent = '●';
    el.title = 'returned an error (-1 E…)';
    return el;
  }
}
const errorMarker = new ErrorReturnMarker();

const errorField = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(set, tr) {
    let next = set.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setErrorLines)) continue;
      const doc = tr.state.doc;
      const starts = e.value.filter((l) => l >= 1 && l <= doc.lines).map((l) => doc.line(l).from);
      next = RangeSet.of(
        starts.map((from) => errorMarker.range(from)),
        true,
      );
    }
    return next;
  },
});

export const statementMarks: Extension = [currentField, errorField, gutter({ class: 'cm-error-gutter', markers: (v) => v.state.field(errorField) })];
