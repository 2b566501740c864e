// Tab from the top of the page through every enabled control meant to be in the Tab order,
// checking each shows a focus ring when it gets there (see keyboard-reach.spec.ts).
import type { Page } from '@playwright/test';

export interface Sweep {
  /** controls meant to be in the Tab order (labelled for the report) */
  expected: string[];
  /** the ones Tab never reached */
  missed: string[];
  /** the ones that got focus without a visible ring */
  noRing: string[];
}

/** Marks the tabbable controls, Tabs from the top until focus comes round again, and compares. */
export async function sweep(page: Page, maxTabs = 200): Promise<Sweep> {
  const expected = await page.evaluate(() => {
    document.querySelectorAll('[data-kbd]').forEach((el) => el.removeAttribute('data-kbd'));
    const label = (el: HTMLElement) => {
      const role = el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '';
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${role} "${name}"`;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (el.matches(':disabled') || el.tabIndex < 0 || el.closest('[inert]')) continue;
      if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) {
        const group = document.querySelectorAll(`input[type="radio"][name="${CSS.escape(el.name)}"]`);
        if ([...group].some((g) => (g as HTMLInputElement).checked)) continue; // the checked radio stands for its group
      }
      el.dataset.kbd = String(out.length);
      out.push(label(el));
    }
    return out;
  });

  // start from the top: focus a stand-in before everything (not tabbable itself), then Tab away
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.id = 'kbd-sweep-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const reached = new Set<number>();
  const noRing: string[] = [];
  let first: number | null = null;
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      if (!a || a === document.body || a.dataset.kbd === undefined) return null;
      const ringOf = (el: Element | null) => {
        if (!el) return false;
        const cs = getComputedStyle(el);
        return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
      };
      // a list box draws its ring on the box that scrolls it
      return { index: Number(a.dataset.kbd), ring: ringOf(a) || ringOf(a.parentElement) };
    });
    if (!at) continue;
    if (at.index === first) break; // round again
    first ??= at.index;
    if (!reached.has(at.index) && !at.ring) noRing.push(expected[at.index]!);
    reached.add(at.index);
  }
  await page.evaluate(() => document.getElementById('kbd-sweep-start')?.remove());
  return { expected, missed: expected.filter((_, i) => !reached.has(i)), noRing };
}
