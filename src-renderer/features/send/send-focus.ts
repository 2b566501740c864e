// Where focus goes around a send, found through data attributes inside one send form, so the
// panels only mark their fields and the controls stay the same for all three.

const AFTER_SEND_ATTR = 'data-after-send';
const SEND_AGAIN_ATTR = 'data-send-again';
const UNDO_ATTR = 'data-undo-clear';

/** spread on the field that gets focus back after a send (the message text, the caption...) */
export const AFTER_SEND_MARK = { [AFTER_SEND_ATTR]: '' };
/** spread on the "Send again" button, which Ctrl+Enter focuses instead of sending the same draft twice */
export const SEND_AGAIN_MARK = { [SEND_AGAIN_ATTR]: '' };

/** spread on the Undo button that brings back the text cleared after a send */
export const UNDO_MARK = { [UNDO_ATTR]: '' };

const FORM_SELECTOR = '.send-form';

function formOf(el: Element | null): HTMLElement | null {
  return el?.closest<HTMLElement>(FORM_SELECTOR) ?? null;
}

/**
 * After a send finishes, puts the person back in the message field, but only when focus was
 * on the controls (a Send button that got disabled) or nowhere: someone who moved on to
 * another field during a long upload keeps their place.
 */
export function returnFocusAfterSend(controls: HTMLElement | null): void {
  const form = formOf(controls);
  if (!form) return;
  const active = document.activeElement;
  const lost = active === null || active === document.body || (controls?.contains(active) ?? false);
  if (!lost) return;
  form.querySelector<HTMLElement>(`[${AFTER_SEND_ATTR}]`)?.focus();
}

/** moves focus to the form's "Send again" button; false when there is none */
export function focusSendAgain(inside: Element | null): boolean {
  return focusMarked(inside, SEND_AGAIN_ATTR);
}

/** moves focus to the form's Undo (the text just sent, back in the box); false when there is none */
export function focusUndo(inside: Element | null): boolean {
  return focusMarked(inside, UNDO_ATTR);
}

function focusMarked(inside: Element | null, attr: string): boolean {
  const form = formOf(inside) ?? (inside instanceof HTMLElement ? inside : null);
  const button = form?.querySelector<HTMLButtonElement>(`[${attr}]`);
  if (!button) return false;
  button.focus();
  return true;
}
