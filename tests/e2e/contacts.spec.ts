// Contacts at 100,000: the total, deep scrolling that loads exactly the rows the server has at
// that index, a bounded DOM, a debounced search, a number searched as people write it, a failed
// page with Retry, and choosing a contact as the send panels' recipient.
import { expect, test, type Page } from '@playwright/test';
import { contactAt, journalMark, journalSince, openSection, sandboxApi } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { formatPhone } from '../../src-main/shared/phone-display';

const HTML_500 = {
  kind: 'status' as const,
  status: 500,
  body: '<html><body><h1>Internal Server Error</h1><p>upstream exploded</p></body></html>',
  contentType: 'text/html',
};

describeOnOneConsole('contacts at 100k', (ctx) => {
  /** Scrolls the list so `fraction` of its height is above the viewport; returns the first fully visible index. */
  async function scrollTo(page: Page, fraction: number): Promise<number> {
    const scroller = page.getByTestId('contacts-scroll');
    const { top, rowHeight } = await scroller.evaluate((el, f) => {
      el.scrollTop = Math.floor((el.scrollHeight - el.clientHeight) * f);
      const row = el.querySelector<HTMLElement>('[role="option"]');
      return { top: el.scrollTop, rowHeight: row ? row.getBoundingClientRect().height : 56 };
    }, fraction);
    return Math.ceil(top / rowHeight);
  }

  /** Scrolls the list so row `index` is the first one on screen (rows have one fixed height). */
  async function scrollToIndex(page: Page, index: number): Promise<void> {
    await page.getByTestId('contacts-scroll').evaluate((el, i) => {
      const row = el.querySelector<HTMLElement>('[role="option"]');
      el.scrollTop = i * (row ? row.getBoundingClientRect().height : 56);
    }, index);
    await expect(page.locator(`[role="option"][data-index="${index}"]`)).toBeInViewport();
  }

  /** Waits until every page with rows on screen has answered (loaded or failed). */
  async function settled(page: Page): Promise<void> {
    await expect(page.getByTestId('contact-row-loading')).toHaveCount(0);
  }

  async function expectRowMatchesServer(page: Page, index: number): Promise<void> {
    const row = page.locator(`[data-testid="contact-row"][data-index="${index}"]`);
    const expected = await contactAt(ctx.h, index);
    await expect(row.locator('.contact-name')).toHaveText(expected.name);
    await expect(row.locator('.contact-number')).toHaveText(formatPhone(expected.number));
    await expect(row.locator('.contact-number')).toHaveAttribute('data-number', expected.number);
  }

  test('shows the server total and the first rows', async () => {
    const { page } = ctx.h;
    await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
    await expect(page.getByRole('listbox', { name: 'Contacts' })).toBeVisible();
    await expectRowMatchesServer(page, 0);
    await expectRowMatchesServer(page, 5);
  });

  test('the columns share the width by what they hold: no name, number or email is cut while the pane has room', async () => {
    const { page } = ctx.h;
    await expectRowMatchesServer(page, 0);
    const cells = await page.evaluate(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="contact-row"]')].slice(0, 20);
      return rows.flatMap((row) =>
        [...row.querySelectorAll<HTMLElement>('.contact-name, .contact-number, .contact-email')].map((cell) => ({
          text: cell.textContent ?? '',
          cut: cell.scrollWidth > cell.clientWidth + 1,
          room: row.clientWidth,
        })),
      );
    });
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.filter((c) => c.cut).map((c) => `${c.text} (row ${c.room}px)`)).toEqual([]);
  });

  test('a deep scroll loads the rows of that region, and the DOM stays bounded', async () => {
    const { page } = ctx.h;
    const mark = journalMark(ctx.h);
    const first = await scrollTo(page, 0.5);
    expect(first).toBeGreaterThan(40_000);
    expect(first).toBeLessThan(60_000);
    // the rows at the middle come from the pages the server has at that index
    await expectRowMatchesServer(page, first);
    await expectRowMatchesServer(page, first + 4);
    const visibleIndexes = await page
      .getByTestId('contact-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-index'))));
    expect(Math.min(...visibleIndexes)).toBeGreaterThan(first - 20);
    expect(Math.max(...visibleIndexes)).toBeLessThan(first + 40);
    // it asked for the pages around that index, not for everything it scrolled past
    const pagesAsked = journalSince(ctx.h, mark, { method: 'GET', path: '/api/v1/contacts' }).map((r) => Number(r.query.page));
    expect(pagesAsked.length).toBeGreaterThan(0);
    expect(pagesAsked.length).toBeLessThan(10);
    const perPage = Number(journalSince(ctx.h, mark, { path: '/api/v1/contacts' })[0]?.query.per_page);
    for (const p of pagesAsked) expect(Math.abs(p - (Math.floor(first / perPage) + 1))).toBeLessThanOrEqual(2);
    // virtualised: a bounded number of rows in the DOM although the list is 100,000 long
    const domRows = await page.getByRole('option').count();
    expect(domRows).toBeGreaterThan(5);
    expect(domRows).toBeLessThan(100);
    expect(await page.locator('.contact-row, .contact-row-error').count()).toBeLessThan(100);
    // the listbox still says how long it is
    await expect(page.getByTestId('contact-row').first()).toHaveAttribute('aria-setsize', '100000');
  });

  test('search is debounced, narrows the total and shows matching rows', async () => {
    const { page } = ctx.h;
    const query = 'Chatterjee';
    const server = await sandboxApi<{ meta: { total: number } }>(ctx.h, `/api/v1/contacts?search=${query}&per_page=1`);
    const expectedTotal = server.json.meta.total;
    expect(expectedTotal).toBeGreaterThan(0);
    expect(expectedTotal).toBeLessThan(100_000);

    await scrollTo(page, 0); // a deep scroll position before a search is the next test's case
    const mark = journalMark(ctx.h);
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.pressSequentially(query);
    await expect(page.getByTestId('contacts-total')).toHaveText(`${expectedTotal.toLocaleString('en-US')} contacts matching “${query}”`);
    const firstMatch = await contactAt(ctx.h, 0, query);
    await expect(page.locator('[data-testid="contact-row"][data-index="0"] .contact-name')).toHaveText(firstMatch.name);
    const rows = await page.getByTestId('contact-row').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows) expect(text.toLowerCase()).toContain(query.toLowerCase());

    // debounced: not one request per keystroke, and every query asked is a prefix of what was typed
    const searched = journalSince(ctx.h, mark, { path: '/api/v1/contacts' })
      .map((r) => r.query.search)
      .filter((s): s is string => s !== undefined);
    expect(searched).toContain(query);
    expect(new Set(searched).size).toBeLessThan(query.length);
    for (const s of searched) expect(query.startsWith(s)).toBe(true);

    await search.fill('');
    await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
  });

  test('a number written as people write it finds its contact; the service is asked for its digits', async () => {
    const { page } = ctx.h;
    const contact = await contactAt(ctx.h, 4321);
    const digits = contact.number.replace(/\D/g, '');
    // "+91 81 74813-898": a plus, spaces and a dash where people put them
    const written = `+${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, -3)}-${digits.slice(-3)}`;
    const mark = journalMark(ctx.h);
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill(written);
    await expect(page.getByTestId('contacts-total')).toContainText(`matching “${written}”`);
    await expect(page.locator('[data-testid="contact-row"][data-index="0"] .contact-number')).toHaveText(formatPhone(contact.number));
    const searched = journalSince(ctx.h, mark, { path: '/api/v1/contacts' }).map((r) => r.query.search);
    expect(searched).toContain(digits);
    expect(searched).not.toContain(written);

    // a partial number with an area code in brackets: every row shown carries those digits
    const partial = `(${digits.slice(2, 4)}) ${digits.slice(4, 6)}`;
    await search.fill(partial);
    await expect(page.getByTestId('contacts-total')).toContainText(`matching “${partial}”`);
    const numbers = await page.locator('[data-testid="contact-row"] .contact-number').allTextContents();
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n.replace(/\D/g, '')).toContain(digits.slice(2, 6));
    await search.fill('');
    await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
  });

  test('a new search shows its first match even when the list was scrolled deep', async () => {
    const { page } = ctx.h;
    const query = 'Chatterjee';
    const first = await scrollTo(page, 0.5);
    await expectRowMatchesServer(page, first);
    await expect(page.locator('[data-testid="contact-row"][data-index="0"]')).toHaveCount(0);
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    // the search's first page answers a little late, so its loading state is surely drawn first
    ctx.h.sandbox.injectFaults([{ kind: 'delay', ms: 400 }], { method: 'GET', pathPrefix: '/api/v1/contacts' });
    try {
      await search.fill(query);
      await expect(page.getByTestId('contacts-total')).toContainText(`matching “${query}”`);
      const firstMatch = await contactAt(ctx.h, 0, query);
      const firstRow = page.locator('[data-testid="contact-row"][data-index="0"]');
      await expect(firstRow.locator('.contact-name')).toHaveText(firstMatch.name, { timeout: 3000 });
      await expect(firstRow).toBeInViewport();
    } finally {
      ctx.h.sandbox.clearFaults();
      await search.fill('');
      await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
    }
  });

  test('a page the server fails shows an error row with Retry, and Retry recovers', async () => {
    const { page } = ctx.h;
    const mark = journalMark(ctx.h);
    ctx.h.sandbox.injectFaults([HTML_500, HTML_500, HTML_500, HTML_500], { method: 'GET', pathPrefix: '/api/v1/contacts' });
    // the first row on screen starts a page (75,001-75,100); the page before is prefetched and fails too
    await scrollToIndex(page, 75_000);
    await settled(page);
    const errorRows = page.getByTestId('contacts-row-error');
    const onScreen = errorRows.filter({ hasText: 'Rows 75001–75100' });
    await expect(onScreen).toHaveText(
      /^Rows 75001–75100 could not be loaded: Server error \(HTTP 500\); contact support if it persists\.\s*Retry$/,
    );
    await expect(onScreen).toBeInViewport();
    await expect(page.locator('[role="option"][data-index="75000"]')).toHaveText('Not loaded');
    // the HTML body is never shown
    await expect(page.getByTestId('screen-contacts')).not.toContainText('upstream exploded');
    expect(journalSince(ctx.h, mark, { path: '/api/v1/contacts' }).some((r) => r.status === 500)).toBe(true);

    ctx.h.sandbox.clearFaults();
    await onScreen.getByRole('button', { name: 'Retry' }).click();
    await expect(onScreen).toHaveCount(0);
    await settled(page);
    await expectRowMatchesServer(page, 75_000);
    await expectRowMatchesServer(page, 75_005);

    // the page before failed too: its Retry shows once its rows are on screen
    await scrollToIndex(page, 74_900);
    await settled(page);
    const before = errorRows.filter({ hasText: 'Rows 74901–75000' });
    await expect(before).toBeInViewport();
    await before.getByRole('button', { name: 'Retry' }).click();
    await expect(errorRows).toHaveCount(0);
    await settled(page);
    await expectRowMatchesServer(page, 74_900);
    await expectRowMatchesServer(page, 74_905);
  });

  test('a failed page shows its Retry wherever its rows are on screen, not only at its first row', async () => {
    const { page } = ctx.h;
    ctx.h.sandbox.injectFaults([HTML_500, HTML_500, HTML_500, HTML_500], { method: 'GET', pathPrefix: '/api/v1/contacts' });
    try {
      await scrollToIndex(page, 80_450); // the middle of rows 80,401-80,500
      await settled(page);
      await expect(page.locator('[role="option"][data-index="80450"]')).toHaveText('Not loaded');
      const errorRow = page.getByTestId('contacts-row-error').filter({ hasText: 'Rows 80401–80500' });
      await expect(errorRow).toHaveCount(1);
      await expect(errorRow).toBeInViewport({ timeout: 2000 });
    } finally {
      ctx.h.sandbox.clearFaults();
    }
  });

  test('when the first page of a search fails, the list says so with Retry, and Retry recovers', async () => {
    const { page } = ctx.h;
    const query = 'Okafor';
    const expectedTotal = (await sandboxApi<{ meta: { total: number } }>(ctx.h, `/api/v1/contacts?search=${query}&per_page=1`)).json.meta
      .total;
    ctx.h.sandbox.injectFaults([HTML_500], { method: 'GET', pathPrefix: '/api/v1/contacts' });
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill(query);
    const failed = page.getByTestId('contacts-error');
    await expect(failed.getByRole('alert')).toHaveText(
      'Contacts could not be loaded: Server error (HTTP 500); contact support if it persists.',
    );
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByTestId('contacts-total')).toHaveText(`${expectedTotal.toLocaleString('en-US')} contacts matching “${query}”`);
    await search.fill('');
    await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
  });

  test('choosing a contact makes it the recipient of the send panels', async () => {
    const { page } = ctx.h;
    await scrollTo(page, 0);
    const expected = await contactAt(ctx.h, 2);
    await page.locator('[data-testid="contact-row"][data-index="2"]').click();
    const chosen = page.getByRole('complementary', { name: 'Selected contact' });
    await expect(chosen.getByRole('heading', { name: expected.name })).toBeVisible();
    await expect(chosen).toContainText(formatPhone(expected.number));
    await expect(page.locator('[data-testid="contact-row"][data-index="2"]')).toHaveAttribute('aria-selected', 'true');

    await chosen.getByRole('button', { name: 'Send text' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Send Text' })).toHaveAttribute('aria-selected', 'true');
    const number = page.getByLabel('Recipient number');
    await expect(number).toHaveValue(expected.number);
    await expect(page.getByTestId('send-panel-text')).toContainText(`${expected.name} (from Contacts)`);
    await expect(page.getByRole('region', { name: 'cURL preview' })).toContainText(`"number":"${expected.number}"`);

    // and the choice survives a trip back to Contacts
    await openSection(page, 'Contacts');
    await expect(page.getByRole('complementary', { name: 'Selected contact' }).getByRole('heading', { name: expected.name })).toBeVisible();
  });
});
