const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'audio[controls]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert') && !el.closest('[hidden]'));
}

/**
 * Where focus lands when a screen opens: its marked field; else its first control. A heading is
 * the last resort (a screen with nothing to operate), focused without a ring around it.
 * A field marked SCREEN_FOCUS_UNLESS_FILLED hands over to the control after it once it holds a
 * value (the recipient, filled from Contacts: the message is what is left to write).
 */
export const SCREEN_FOCUS_ATTR = 'data-screen-focus';
export const SCREEN_FOCUS_MARK = { [SCREEN_FOCUS_ATTR]: '' };
export const SCREEN_FOCUS_UNLESS_FILLED = { [SCREEN_FOCUS_ATTR]: 'unless-filled' };

export function focusScreen(main: HTMLElement | null): void {
  if (!main) return;
  const screen = main.querySelector<HTMLElement>('.screen') ?? main;
  // a table's column resizers stay in the Tab order but are never where a screen starts
  const controls = focusableIn(screen).filter((el) => el.getAttribute('role') !== 'separator');
  let target = screen.querySelector<HTMLElement>(`[${SCREEN_FOCUS_ATTR}]`);
  if (target && target.getAttribute(SCREEN_FOCUS_ATTR) === 'unless-filled' && (target as HTMLInputElement).value) {
    target = controls[controls.indexOf(target) + 1] ?? target;
  }
  target ??= controls[0] ?? screen.querySelector<HTMLElement>('h1');
  if (!target) return;
  if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
