// Readable at 125% zoom: the app's default window (1200 x 800) zoomed to 125% leaves 960 x 640
// CSS pixels, its smallest window (720 x 480) 576 x 384. On every screen nothing may push the
// page sideways, and every control must sit inside the window (or inside a box that scrolls on
// its own, like a wide table or the cURL preview).
import { expect, test } from '@playwright/test';
import { EVERY_SCREEN, openSection, sharedConsole } from './support/fixtures';
import { overflowOf } from './support/overflow';
import { withPlantedElement } from './support/planted-element';

const ZOOM = 1.25;
const WINDOWS = [
  { name: 'default window', width: 1200, height: 800 }, // src-main/app-shell/window-state.ts DEFAULT_SIZE
  { name: 'smallest window', width: 720, height: 480 }, // MIN_SIZE
];

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
      const tooWide = { tag: 'button', id: 'planted-overflow', text: 'planted', css: 'display:block;width:1400px' } as const;
      await withPlantedElement(page, tooWide, async () => {
        const o = await overflowOf(page);
        expect(o.outside.join('\n')).toContain('button "planted"');
        expect(o.main.scrollWidth).toBeGreaterThan(o.main.clientWidth);
      });
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
