// The proof that a check can fail: an element planted on the page with exactly the fault the check
// looks for, which must be reported, and removed again whatever the check found.
import type { Page } from '@playwright/test';

export interface PlantedElement {
  tag: 'div' | 'button';
  id: string;
  text?: string;
  tabIndex?: number;
  /** inline style, e.g. one that hides the focus ring or makes the element too wide */
  css?: string;
  /** where it goes: right after the screen's heading (default), or last in the main pane */
  at?: 'after heading' | 'end of main';
}

/** Runs `check` with `planted` on the page; the element is removed after, pass or fail. */
export async function withPlantedElement(page: Page, planted: PlantedElement, check: () => Promise<void>): Promise<void> {
  await page.evaluate((p) => {
    const el = document.createElement(p.tag);
    el.id = p.id;
    if (p.tabIndex !== undefined) el.tabIndex = p.tabIndex;
    if (p.text !== undefined) el.textContent = p.text;
    if (p.css !== undefined) el.style.cssText = p.css;
    if (p.at === 'end of main') document.querySelector('main')?.append(el);
    else document.querySelector('main h1')?.after(el);
  }, planted);
  try {
    await check();
  } finally {
    await page.evaluate((id) => document.getElementById(id)?.remove(), planted.id);
  }
}
