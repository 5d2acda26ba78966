/** The editor's look, from the page's CSS variables (so it follows the light/dark theme). */
import { EditorView } from '@codemirror/view';

export const editorTheme = EditorView.theme({
  '&': { backgroundColor: 'var(--panel)', color: 'var(--fg)', height: '100%', fontSize: '0.9rem' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '1px' },
  '.cm-content': { fontFamily: 'var(--mono)', caretColor: 'var(--fg)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: 'var(--panel-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '.cm-current-line': { backgroundColor: 'var(--current-bg)' },
  '.cm-current-statement': { backgroundColor: 'var(--current-mark)', borderRadius: '2px' },
  '.cm-error-gutter': { minWidth: '1.1em' },
  '.cm-error-return': { color: 'var(--danger)', fontSize: '0.8em', paddingLeft: '3px' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'var(--selection)' },
  '.cm-cursor': { borderLeftColor: 'var(--fg)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)' },
});
