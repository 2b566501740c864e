// The Request log's response viewer: a text sent from the Send panel is found by filtering to
// 2xx and its path, opened from the keyboard, and shows the service's answer (the message id);
// "Copy as cURL" puts a command with $CRM_API_KEY (never the key) on the clipboard; "Open in the
// send panel" fills Send Text with the same number and text, and Send Media with its URL, type and
// caption. Each row names its profile; the search box matches the path, the host, the profile,
// app or crm and a status class; C on a row copies its cURL; the viewer shows bodies indented or
// raw. Escape closes the viewer back to its row, also in the smallest window, where nothing
// is pushed out, and at 1200 px the open viewer leaves the list's Headers column whole.
// The viewer splits the time into DNS, connect, TLS and first byte. Contacts' "Copy cURL"
// copies its last list request. "Resend" sends a logged text again only after asking. axe finds nothing serious, and a
// screenshot is kept for the README.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { draftTextTo, openSection, openSendTab, openSendTo, settledCurl, uniqueNumber, readmeScreenshot } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { overflowOf } from './support/overflow';
import { openLogAfterContacts, openNewestLogEntry } from './support/request-log-screen';

describeOnOneConsole('the Request log', (ctx) => {
  test('a sent text: filtered, opened, its answer shown, copied as cURL and opened in the send panel', async () => {
    const { page, sandbox, clipboard } = ctx.h;
    const number = uniqueNumber();
    const text = 'Checking the request log';
    const panel = await draftTextTo(page, number, text);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);
    const id = /m_[0-9a-f]+/.exec((await panel.getByTestId('send-result').textContent()) ?? '')?.[0] ?? 'no id was shown';

    await openSection(page, 'Request log');
    await page.getByTestId('log-filter-2xx').click();
    await expect(page.getByTestId('log-filter-2xx')).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Search', { exact: true }).fill('/messages/text');
    const rows = page.getByTestId('log-row');
    await expect(rows.first()).toBeVisible();
    for (const status of await rows.locator('td:nth-child(7)').allTextContents()) expect(status).toMatch(/^2\d\d$/);
    await expect(rows.first().locator('td.log-profile')).toHaveText('Sandbox');
    await expect(rows.first().locator('td.log-by')).toHaveText('app');

    // from the keyboard: C on the newest row's path copies its cURL without opening it
    const open = rows.first().getByRole('button', { name: /\/messages\/text/ });
    await open.focus();
    await page.keyboard.press('c');
    await expect(page.getByTestId('log-list-copy-status')).toContainText('Copied the cURL of POST /api/v1/messages/text');
    await expect(page.getByTestId('log-detail')).toHaveCount(0);
    expect(clipboard.text).toContain(`${sandbox.baseUrl}/api/v1/messages/text`);
    expect(clipboard.text).toContain('$CRM_API_KEY');
    expect(clipboard.text).not.toContain(sandbox.adminKey);
    clipboard.text = '';
    // then Enter opens it
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('log-detail');
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(detail.getByTestId('log-detail-status')).toHaveText('201 Created');
    await expect(detail.getByTestId('log-request-body')).toContainText(`"number": "${number}"`);
    await expect(detail.getByTestId('log-response-body')).toContainText(id);
    await expect(detail.getByTestId('log-detail-profile')).toHaveText('Sandbox');
    // where its time went, measured on the connection: a new one or one an earlier request opened
    await expect(detail.getByTestId('log-timing')).toContainText('First byte');
    await expect(detail.getByTestId('log-timing-connection')).toHaveText(/^(new|reused \(opened by an earlier request\))$/);
    // raw: the body as it was kept, not indented; the choice holds until it is unchecked
    await detail.getByLabel('Show bodies raw, as kept (not indented)').check();
    await expect(detail.getByTestId('log-request-body')).toContainText(`"number":"${number}"`);
    await detail.getByLabel('Show bodies raw, as kept (not indented)').uncheck();
    await expect(detail.getByTestId('log-request-body')).toContainText(`"number": "${number}"`);
    // Escape closes the viewer and puts focus back on the row it came from; Enter opens it again
    await detail.getByTestId('log-copy-curl').focus();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(detail.getByTestId('log-detail-status')).toHaveText('201 Created');

    await detail.getByTestId('log-copy-curl').click();
    await expect(detail.getByTestId('log-copy-status')).toContainText('Copied the cURL of POST /api/v1/messages/text');
    expect(clipboard.text).toContain(`${sandbox.baseUrl}/api/v1/messages/text`);
    expect(clipboard.text).toContain('$CRM_API_KEY');
    expect(clipboard.text).not.toContain(sandbox.adminKey);

    // for the picture: the viewer open on that send, without the sandbox banner
    await readmeScreenshot(page, 'request-log');
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/request-log.json'));
    expect(problems, formatA11yProblems('request-log', problems)).toEqual([]);

    // a fresh draft, then back from the log: the send panel takes the logged number and text
    await openSendTab(page, 'Send Text');
    await panel.getByLabel('Message text').fill('something else');
    await openSection(page, 'Request log');
    await page.getByTestId('log-detail').getByTestId('log-open-in-send').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
    await expect(panel.getByLabel('Recipient number')).toHaveValue(number);
    await expect(panel.getByLabel('Message text')).toHaveValue(text);
  });

  test('a media send by URL opens back into Send Media with its URL, type and caption', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const url = 'https://cdn.example.com/menu?id=7';
    const panel = await openSendTo(page, 'Send Media', number);
    await panel.getByRole('radio', { name: 'URL' }).check();
    await panel.getByTestId('media-url').fill(url);
    await panel.getByTestId('media-url-type').selectOption('image/webp');
    await panel.getByLabel('Caption (optional)').fill('Our menu');
    await settledCurl(page, '"mimetype":"image/webp"');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText('Sent');

    // a fresh panel, then back from the log
    await panel.getByLabel('Caption (optional)').fill('');
    await panel.getByTestId('media-url').fill('');
    await openSection(page, 'Request log');
    await page.getByTestId('log-filter-all').click();
    const detail = await openNewestLogEntry(page, '/messages/media');
    await expect(detail.getByTestId('log-detail-status')).toHaveText('201 Created');
    await expect(detail.getByTestId('log-file-again')).toHaveCount(0);
    await detail.getByTestId('log-open-in-send').click();
    await expect(page.getByRole('tab', { name: 'Send Media' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByLabel('Recipient number')).toHaveValue(number);
    await expect(panel.getByTestId('media-url')).toHaveValue(url);
    await expect(panel.getByTestId('media-url-type')).toHaveValue('image/webp');
    await expect(panel.getByLabel('Caption (optional)')).toHaveValue('Our menu');
  });

  test('the search matches the host, the profile, the process and a status class as typed', async () => {
    const { page, sandbox } = ctx.h;
    await openSection(page, 'Request log');
    await page.getByTestId('log-filter-all').click();
    const search = page.getByLabel('Search', { exact: true });
    const rows = page.getByTestId('log-row');
    const host = new URL(sandbox.baseUrl).host;
    await search.fill(host);
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.locator('td.log-host').allTextContents()) expect(cell).toBe(host);
    await search.fill('sandbox app 2xx');
    await expect(rows.first()).toBeVisible();
    for (const status of await rows.locator('td:nth-child(7)').allTextContents()) expect(status).toMatch(/^2\d\d$/);
    for (const profile of await rows.locator('td.log-profile').allTextContents()) expect(profile).toBe('Sandbox');
    // no crm command ran here, and nothing went to another host
    await search.fill('crm');
    await expect(rows).toHaveCount(0);
    await search.fill('nowhere.example');
    await expect(rows).toHaveCount(0);
    await search.fill('');
    await expect(rows.first()).toBeVisible();
  });

  test('arrows move between rows; the filter narrows to errors and back', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Request log');
    await page.getByTestId('log-filter-all').click();
    await page.getByLabel('Search', { exact: true }).fill('');
    const buttons = page.getByTestId('log-row').getByRole('button', { name: /\/api\// });
    await expect(buttons.nth(1)).toBeVisible();
    await buttons.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(buttons.first()).toBeFocused();
    await page.getByTestId('log-filter-errors').click();
    await expect(page.getByTestId('log-row')).toHaveCount(0);
  });

  test("Contacts' Copy cURL copies its last list request and says so", async () => {
    const { page, sandbox, clipboard } = ctx.h;
    await openSection(page, 'Contacts');
    await expect(page.getByTestId('contacts-total')).toContainText('contacts');
    await page.getByTestId('contacts-copy-curl').click();
    await expect(page.getByTestId('contacts-copy-curl-status')).toContainText('Copied the cURL of GET /api/v1/contacts');
    expect(clipboard.text).toContain(`${sandbox.baseUrl}/api/v1/contacts?`);
    expect(clipboard.text).toContain('$CRM_API_KEY');
    expect(clipboard.text).not.toContain(sandbox.adminKey);
  });
});

// 720 x 480: MIN_SIZE in src-main/app-shell/window-state.ts
describeOnOneConsole('the Request log in the smallest window', { window: { width: 720, height: 480 } }, (ctx) => {
  test('with the viewer open nothing is pushed out of the window, and Escape closes it', async () => {
    const { page } = ctx.h;
    await openLogAfterContacts(page);
    const open = page
      .getByTestId('log-row')
      .first()
      .getByRole('button', { name: /\/api\// });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('log-detail').getByTestId('log-detail-status')).toHaveText('200 OK');
    await page.screenshot({ path: 'test-results/screens/request-log-viewer-720.png' });
    const o = await overflowOf(page);
    expect(o.outside, `controls outside the ${o.viewportWidth}px window`).toEqual([]);
    expect(o.pageScrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(o.viewportWidth);
    expect(o.main.scrollWidth, 'the main pane scrolls sideways').toBeLessThanOrEqual(o.main.clientWidth);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('log-detail')).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test('Resend sends a logged text again only after asking, with a new Idempotency-Key', async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    const panel = await draftTextTo(page, number, 'Sent once, then again from the log');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);
    const posts = () =>
      sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text' && r.rawBody.includes(number));
    expect(posts()).toHaveLength(1);

    await openSection(page, 'Request log');
    const detail = await openNewestLogEntry(page, '/messages/text');
    await expect(detail.getByTestId('log-detail-status')).toHaveText('201 Created');
    await expect(detail.getByTestId('log-request-body')).toContainText(number);

    const resend = detail.getByTestId('log-resend');
    const question = page.getByRole('alertdialog', { name: 'Send this request again?' });
    await resend.click();
    await question.getByRole('button', { name: 'Keep' }).click();
    await expect(detail.getByTestId('log-copy-status')).toHaveText('Not sent again.');
    expect(posts()).toHaveLength(1);

    await resend.click();
    await question.getByRole('button', { name: 'Send again' }).click();
    await expect(detail.getByTestId('log-copy-status')).toContainText('Sent again: POST /api/v1/messages/text answered 201');
    const [first, again] = posts();
    expect(again?.headers.authorization).toBe(`Bearer ${sandbox.adminKey}`);
    expect(again?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/request-log-resend.json'));
    expect(problems, formatA11yProblems('request-log-resend', problems)).toEqual([]);
  });
});

describeOnOneConsole('the Request log in a 1200 px window', { window: { width: 1200, height: 800 } }, (ctx) => {
  test('the list keeps its Headers column whole, with the viewer closed and open', async () => {
    const { page } = ctx.h;
    await openLogAfterContacts(page);
    const row = page.getByTestId('log-row').first();
    const headersWhole = async (): Promise<void> => {
      const scroller = page.locator('.screen-log .table-scroll');
      const fits = await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, 'the log table scrolls sideways').toBe(true);
      const box = await scroller.boundingBox();
      const button = await row.getByRole('button', { name: /headers/ }).boundingBox();
      expect(box && button && button.x + button.width <= box.x + box.width, 'the Headers button is cut').toBe(true);
    };
    await headersWhole();
    await row.getByRole('button', { name: /\/api\// }).click();
    await expect(page.getByTestId('log-detail').getByTestId('log-detail-status')).toHaveText('200 OK');
    await headersWhole();
    await page.screenshot({ path: 'test-results/screens/request-log-viewer-1200.png' });
  });
});
