/**
 * Pasting or dropping an strace log into the editor: it is imported
 * (engine/import/strace.ts, loaded when first needed) and replaces the
 * workload, one undoable change. Anything else pastes and drops as usual.
 */
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { looksLikeStrace } from '../../engine/import/strace_line';
import type { StraceSource } from '../../engine/import/strace';

/** Replaces the document of `view` with the workload of `sources`. */
async function importInto(view: EditorView, sources: StraceSource[], onimport: (skipped: number) => void): Promise<void> {
  const { importStrace } = await import('../../engine/import/strace');
  const r = importStrace(sources);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: r.workload }, userEvent: 'input.paste', scrollIntoView: false });
  onimport(r.diagnostics.length);
}

/**
 * `onimport` hears each import, with the number of log lines it could not
 * read; `onpending` each paste or drop whose text comes later (the importer
 * is a chunk of its own, files are read), with a promise settled once the
 * text is in the editor: a Run pressed meanwhile is for that text.
 */
export function stracePaste(onimport: (diagnostics: number) => void, onpending: (done: Promise<void>) => void = () => {}): Extension {
  return EditorView.domEventHandlers({
    paste(event, view) {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!looksLikeStrace(text)) return false;
      event.preventDefault();
      const done = importInto(view, [{ name: 'pasted log', text }], onimport);
      onpending(done);
      return true;
    },
    drop(event, view) {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return false;
      event.preventDefault();
      const done = Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))).then((sources) => {
        // -ff files of processes that made no traced call hold only their exit line: one log among them is enough
        if (sources.some((s) => looksLikeStrace(s.text))) return importInto(view, sources, onimport);
        // not a log: the first file's text as the workload, as a drop of text would insert it
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: sources[0]!.text }, userEvent: 'input.drop' });
        return undefined;
      });
      onpending(done);
      return true;
    },
  });
}
