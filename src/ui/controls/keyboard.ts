/** Where a key press lands: in a text field (or the editor), shortcuts other than function keys stand aside. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, .cm-editor') !== null;
}

/** Where Space already means something: it presses a button, follows a link, opens a summary, ticks a box, or works a control of a view. */
export function spaceOperates(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('button, a[href], summary, input, select, textarea, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])') !== null;
}
