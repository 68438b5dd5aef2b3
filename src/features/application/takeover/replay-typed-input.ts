/**
 * Hands what the person did in the prerendered form before its script came to the form's state, once React has
 * adopted the form's nodes: hydration keeps what the fields show but tells no component of it, and the next render
 * of a field would put the state's value back. Each field that differs from what the page was sent with is given
 * to React as the person's own change: the value React last saw is set to the sent one, the field gets what the
 * person typed, and the browser's own event follows, so React's change handlers compare the two and run.
 */

const nativeSetter = <T extends HTMLElement>(prototype: T, property: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(prototype, property)?.set as ((this: T, value: unknown) => void) | undefined;

function replayText(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.value === field.defaultValue) return;
  const typed = field.value;
  const { selectionStart, selectionEnd } = field;
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  // through the element's own property, which React watches: React now knows the sent value
  field.value = field.defaultValue;
  // past React's watch: the field holds the typed text again, as far as React knows a change of it
  nativeSetter(prototype, 'value')?.call(field, typed);
  if (document.activeElement === field && selectionStart !== null)
    field.setSelectionRange(selectionStart, selectionEnd);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayCheck(field: HTMLInputElement): void {
  // a radio button's group follows the one now chosen; the one it replaced needs no event of its own
  if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return;
  const now = field.checked;
  field.checked = !now;
  // the browser's own click puts it back and tells React, as the person's click did
  field.click();
}

function replaySelect(field: HTMLSelectElement): void {
  if ([...field.options].every((option) => option.selected === option.defaultSelected)) return;
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

export function replayTypedInput(form: HTMLFormElement): void {
  for (const field of [...form.elements]) {
    if (field instanceof HTMLSelectElement) replaySelect(field);
    else if (field instanceof HTMLTextAreaElement) replayText(field);
    else if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') replayCheck(field);
      else if (field.type !== 'hidden' && field.type !== 'submit' && field.type !== 'button') replayText(field);
    }
  }
}
