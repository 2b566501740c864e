// Readable at 125% zoom: the app's default window (1200 x 800) zoomed to 125% leaves 960 x 640
// CSS pixels, its smallest window (720 x 480) 576 x 384. On every screen nothing may push the
// page sideways, and every control must sit inside the window (or inside a box that scrolls on
// its own, like a wide table or the cURL preview).
import { expect, test, type Page } from '@playwright/test';
import { EVERY_SCREEN, openSection, sharedConsole } from './support/fixtures';

const ZOOM = 1.25;
const WINDOWS = [
  { name: 'default window', width: 1200, height: 800 }, // src-main/app-shell/window-state.ts DEFAULT_SIZE
  { name: 'smallest window', width: 720, height: 480 }, // MIN_SIZE
];

interface Overflow {
  pageScrollWidth: number;
  viewportWidth: number;
  /** the main pane scrolls on its own: it must not need to sideways */
  main: { scrollWidth: number; clientWidth: number };
  /** visible controls whose right edge is past the window and not inside a box of their own that scrolls */
  outside: string[];
}

async function overflowOf(page: Page): Promise<Overflow> {
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
    return { pageScrollWidth: document.scrollingElement!.scrollWidth, viewportWidth, main: { scrollWidth: main.scrollWidth, clientWidth: main.clientWidth }, outside };
  });
}

for (const win of WINDOWS) {
  test.describe(`at 125% zoom, ${win.name}`, () => {
    const ctx = sharedConsole({ zoom: ZOOM, window: win });

    test(`the window really is zoomed: ${win.width / ZOOM} CSS pixels wide at ${ZOOM} device pixels each`, async () => {
      const { page } = ctx.h;
      expect(await page.evaluate(() => [innerWidth, devicePixelRatio])).toEqual([win.width / ZOOM, ZOOM]);
    });

    test('the check itself can fail: a planted too-wide control is found', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Keys');
      await page.evaluate(() => {
        const b = document.createElement('button');
        b.id = 'planted-overflow';
        b.textContent = 'planted';
        b.style.cssText = 'display:block;width:1400px';
        document.querySelector('main h1')?.after(b);
      });
      try {
        const o = await overflowOf(page);
        expect(o.outside.join('\n')).toContain('button "planted"');
        expect(o.main.scrollWidth).toBeGreaterThan(o.main.clientWidth);
      } finally {
        await page.evaluate(() => document.getElementById('planted-overflow')?.remove());
      }
    });

    for (const screen of EVERY_SCREEN) {
      test(`${screen.name}: nothing is pushed out of the window`, async () => {
        const { page } = ctx.h;
        await screen.open(page);
        await page.screenshot({ path: `test-results/screens/zoom-125-${win.width}-${screen.name.toLowerCase().replace(/ /g, '-')}.png` });
        const o = await overflowOf(page);
        expect(o.outside, `controls outside the ${o.viewportWidth}px window`).toEqual([]);
        expect(o.pageScrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(o.viewportWidth);
        expect(o.main.scrollWidth, 'the main pane scrolls sideways').toBeLessThanOrEqual(o.main.clientWidth);
      });
    }
  });
}
