// What sticks out of the window: the page or the main pane scrolling sideways, and visible
// controls past the right edge that are not inside a box of their own that scrolls (a wide
// table, the cURL preview). Used by the zoom suite and by screens that open deeper views.
import type { Page } from '@playwright/test';

export interface Overflow {
  pageScrollWidth: number;
  viewportWidth: number;
  /** the main pane scrolls on its own: it must not need to sideways */
  main: { scrollWidth: number; clientWidth: number };
  /** visible controls whose right edge is past the window and not inside a box of their own that scrolls */
  outside: string[];
}

export async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const main = document.querySelector('main')!;
    // a table or the cURL preview may scroll sideways in its own box; the main pane may not
    const scrollsSideways = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== main && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    const outside: string[] = [];
    for (const el of document.querySelectorAll('button, input, select, textarea, a[href], [role="tab"], [role="alert"], h1, h2')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > viewportWidth + 0.5 && !scrollsSideways(el)) {
        const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        outside.push(`${el.tagName.toLowerCase()} "${label}" right=${Math.round(r.right)}`);
      }
    }
    return {
      pageScrollWidth: document.scrollingElement!.scrollWidth,
      viewportWidth,
      main: { scrollWidth: main.scrollWidth, clientWidth: main.clientWidth },
      outside,
    };
  });
}
