// Contacts at 1,000,000: taller than Chromium can lay out an element (about 33.5 million px), so
// the list's scroll space is scaled. Scrolling to the bottom and the End key both reach the last
// contact the server has, with its position announced, and the DOM holds a bounded set of rows.
import { expect, test, type Page } from '@playwright/test';
import { contactAt } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const COUNT = 1_000_000;
/** Chromium's largest layout height (2^25 px, less a few): a list taller than this is cut off */
const BROWSER_HEIGHT_CAP = 33_554_400;
/** rows the list may hold at once: a screenful plus overscan, whatever the list's length */
const MAX_DOM_ROWS = 60;

describeOnOneConsole('contacts at 1,000,000', { contacts: COUNT }, (ctx) => {
  async function geometry(page: Page): Promise<{ rowHeight: number; scrollHeight: number; domRows: number }> {
    return page.getByTestId('contacts-scroll').evaluate((el) => ({
      rowHeight: el.querySelector<HTMLElement>('[role="option"]')?.getBoundingClientRect().height ?? 0,
      scrollHeight: el.scrollHeight,
      domRows: el.querySelectorAll('[role="option"]').length,
    }));
  }

  async function expectLastRowShown(page: Page, name: string): Promise<void> {
    const last = page.locator(`[role="option"][data-index="${COUNT - 1}"]`);
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(last.locator('.contact-name')).toHaveText(name);
    await expect(last).toHaveAttribute('aria-posinset', String(COUNT));
    await expect(last).toHaveAttribute('aria-setsize', String(COUNT));
    const { domRows } = await geometry(page);
    expect(domRows).toBeLessThanOrEqual(MAX_DOM_ROWS);
  }

  test('the full list is taller than the browser can lay out, and its scroll space is not', async () => {
    const { page } = ctx.h;
    await expect(page.getByTestId('contacts-total')).toHaveText('1,000,000 contacts');
    await expect(page.getByTestId('contact-row').first()).toBeVisible();
    const { rowHeight, scrollHeight } = await geometry(page);
    expect(rowHeight).toBeGreaterThan(0);
    // what this file tests only happens past the cap: shorter rows would need more contacts
    expect(COUNT * rowHeight, 'the list must exceed the browser height cap at this row height').toBeGreaterThan(BROWSER_HEIGHT_CAP);
    expect(scrollHeight).toBeLessThan(BROWSER_HEIGHT_CAP);
  });

  test('scrolling to the bottom shows the last contact the server has', async () => {
    const { page } = ctx.h;
    const expected = await contactAt(ctx.h, COUNT - 1);
    await page.getByTestId('contacts-scroll').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expectLastRowShown(page, expected.name);
  });

  test('the middle of the scroll space shows the middle of the list, as the server has it', async () => {
    const { page } = ctx.h;
    await page.getByTestId('contacts-scroll').evaluate((el) => {
      el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
    });
    // the first row fully on screen, once the list has redrawn for the new position
    const firstOnScreen = () =>
      page.getByTestId('contacts-scroll').evaluate((el) => {
        const box = el.getBoundingClientRect();
        const shown = [...el.querySelectorAll<HTMLElement>('[role="option"]')].filter((r) => {
          const b = r.getBoundingClientRect();
          return b.top >= box.top && b.bottom <= box.bottom;
        });
        return shown.length ? Math.min(...shown.map((r) => Number(r.dataset.index))) : -1;
      });
    // within 1% of the middle (rows drawn for an earlier position are outside that band)
    await expect
      .poll(async () => Math.abs((await firstOnScreen()) - COUNT / 2) / COUNT, {
        message: 'first row on screen, as a fraction of the list from its middle',
      })
      .toBeLessThan(0.01);
    const firstShown = await firstOnScreen();
    const expected = await contactAt(ctx.h, firstShown);
    await expect(page.locator(`[data-testid="contact-row"][data-index="${firstShown}"] .contact-name`)).toHaveText(expected.name);
  });

  test('Home, End, arrows and PageUp reach both ends and announce the active row', async () => {
    const { page } = ctx.h;
    const listbox = page.getByRole('listbox', { name: 'Contacts' });
    await listbox.focus();
    await page.keyboard.press('Home');
    const first = page.locator('[role="option"][data-index="0"]');
    await expect(first).toBeInViewport({ ratio: 1 });
    await expect(first.locator('.contact-name')).toHaveText((await contactAt(ctx.h, 0)).name);

    await page.keyboard.press('End');
    const lastId = await page.locator(`[role="option"][data-index="${COUNT - 1}"]`).getAttribute('id');
    await expect(listbox).toHaveAttribute('aria-activedescendant', lastId ?? 'missing');
    await expectLastRowShown(page, (await contactAt(ctx.h, COUNT - 1)).name);

    await page.keyboard.press('ArrowUp');
    const previous = page.locator(`[role="option"][data-index="${COUNT - 2}"]`);
    await expect(previous).toBeInViewport({ ratio: 1 });
    await expect(listbox).toHaveAttribute('aria-activedescendant', (await previous.getAttribute('id')) ?? 'missing');

    await page.keyboard.press('PageUp');
    const active = await listbox.getAttribute('aria-activedescendant');
    const activeRow = page.locator(`[id="${active}"]`);
    await expect(activeRow).toBeInViewport({ ratio: 1 });
    expect(Number(await activeRow.getAttribute('data-index'))).toBeLessThan(COUNT - 2);
    expect((await geometry(page)).domRows).toBeLessThanOrEqual(MAX_DOM_ROWS);
  });
});
