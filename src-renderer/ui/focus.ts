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

/** Where focus lands when a screen opens: its marked field, else its heading. */
export const SCREEN_FOCUS_ATTR = 'data-screen-focus';
export const SCREEN_FOCUS_MARK = { [SCREEN_FOCUS_ATTR]: '' };

export function focusScreen(main: HTMLElement | null): void {
  if (!main) return;
  const target = main.querySelector<HTMLElement>(`[${SCREEN_FOCUS_ATTR}]`) ?? main.querySelector<HTMLElement>('h1');
  if (!target) return;
  if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
