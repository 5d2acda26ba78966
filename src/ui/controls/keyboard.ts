/** Where a key press lands: in a text field (or the editor), shortcuts other than function keys stand aside. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, .cm-editor') !== null;
}
