// The Messages view: a text sent from the Send panel is listed (sent now, from the service); a
// message queued while the service was down appears by itself, "from the outbox", once the
// outbox delivers it (no click); a contact's "Messages" opens the view for that contact; without
// a service listing the app's own record is shown and the view says so; Ctrl+3 opens it; axe
// finds nothing serious, and a screenshot is kept for the README.
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import {
  contactAt,
  draftTextTo,
  journalMark,
  journalSince,
  messagesTo,
  openSection,
  settledCurl,
  uniqueNumber,
  readmeScreenshot,
} from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { filterMessagesBy } from './support/conversation-steps';
import { formatPhone } from '../../src-main/shared/phone-display';

/** the sandbox's date format check: the view writes dates with their four-digit year */
const FOUR_DIGIT_YEAR = new RegExp(String(new Date().getFullYear()));

async function sendText(page: Page, number: string, text: string): Promise<Locator> {
  const panel = await draftTextTo(page, number, text);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  return panel;
}

/** opens Messages and lists one recipient, typed as a person writes it */
async function showMessagesTo(page: Page, typed: string): Promise<Locator> {
  await filterMessagesBy(page, typed);
  return page.getByTestId('message-list');
}

describeOnOneConsole('the Messages view', (ctx) => {
  test('a text sent from the Send panel is listed by the service, as sent now', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const panel = await sendText(page, number, 'Your order has shipped');
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);
    const id = /m_[0-9a-f]+/.exec((await panel.getByTestId('send-result').textContent()) ?? '')?.[0];

    const list = await showMessagesTo(page, `+${number.slice(0, 2)} ${number.slice(2, 4)} ${number.slice(4)}`);
    await expect(page.getByTestId('messages-count')).toHaveText(`1 message to ${formatPhone(number)}`);
    await expect(page.getByTestId('messages-source')).toContainText('Listed by the service.');
    const item = list.getByTestId('message-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Text');
    await expect(item).toContainText('Your order has shipped');
    await expect(item).toContainText('Status: queued');
    await expect(item).toContainText('sent now');
    await expect(item).toContainText(id ?? 'no id was shown');
    await expect(item.locator('time')).toHaveText(FOUR_DIGIT_YEAR);
  });

  test('a message queued while offline appears by itself, from the outbox, once the outbox delivers it', async () => {
    test.setTimeout(90_000);
    const h = ctx.h;
    const { page, sandbox } = h;
    const number = uniqueNumber();
    await sandbox.suspend();
    try {
      const panel = await sendText(page, number, 'Waited for the connection');
      await expect(panel.getByTestId('send-queued')).toContainText('In the outbox');
      // the view is open on that number while the message still waits: nothing is listed yet
      await openSection(page, 'Messages');
      await page.getByLabel('Recipient number').fill(number);
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      // the service cannot be asked either: an error that offers Retry
      await expect(page.getByTestId('messages-error')).toContainText('Messages could not be loaded');
      await expect(page.getByTestId('messages-error').getByRole('button', { name: 'Retry' })).toBeVisible();
    } finally {
      await sandbox.resume();
    }
    // no click: the outbox finds the service again and delivers; its messages:changed lists again
    const item = page.getByTestId('message-list').getByTestId('message-item');
    await expect(item).toContainText('Waited for the connection', { timeout: 45_000 });
    await expect(item).toContainText('from the outbox');
    await expect(item).toHaveClass(/origin-outbox/);
    expect(await messagesTo(h, number)).toHaveLength(1);
  });

  test("a contact's Messages opens the view for that contact's number", async () => {
    const h = ctx.h;
    const { page } = h;
    const contact = await contactAt(h, 1);
    await openSection(page, 'Contacts');
    await page.locator('[data-testid="contact-row"][data-index="1"]').click();
    const chosen = page.getByTestId('chosen-contact');
    await expect(chosen).toContainText(contact.name);
    await chosen.getByRole('button', { name: 'Send text' }).click();
    const panel = page.getByTestId('send-panel-text');
    await expect(panel.getByLabel('Recipient number')).toHaveValue(contact.number);
    await panel.getByLabel('Message text').fill(`Hello ${contact.name}`);
    await settledCurl(page, `"number":"${contact.number}"`);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);

    await openSection(page, 'Contacts');
    await page.getByTestId('chosen-contact').getByRole('button', { name: 'Messages', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByLabel('Recipient number')).toHaveValue(contact.number);
    await expect(page.getByTestId('messages-count')).toHaveText(`1 message to ${formatPhone(contact.number)}`);
    await expect(page.getByTestId('message-item')).toContainText(`Hello ${contact.name}`);
    // Show all lists every recipient again
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(page.getByLabel('Recipient number')).toHaveValue('');
    await expect(page.getByTestId('message-item').filter({ hasText: 'Your order has shipped' })).toHaveCount(1);
    await expect(page.getByTestId('message-item').filter({ hasText: `to ${formatPhone(contact.number)}` })).toHaveCount(1);
  });

  test('a number that is not one is refused at the field; the list stays', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Messages');
    const field = page.getByLabel('Recipient number');
    await field.fill('55 11 abc');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/letters/);
    await expect(page.getByTestId('message-item').first()).toBeVisible();
  });

  test('without a service listing (404) the view lists the app record and says so', async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    const panel = await sendText(page, number, 'Kept in the app record');
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);
    const mark = journalMark(ctx.h);
    await openSection(page, 'Messages');
    // opening the view lists again: that request is answered before the fault is set
    await expect.poll(() => journalSince(ctx.h, mark, { method: 'GET', path: '/api/v1/messages' }).length).toBe(1);
    await expect(page.getByTestId('messages-screen')).toHaveAttribute('aria-busy', 'false');
    await page.getByLabel('Recipient number').fill(number);
    // the next listing the service is asked for answers 404: this Show
    sandbox.injectFaults([{ kind: 'status', status: 404 }], { method: 'GET', pathPrefix: '/api/v1/messages' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const list = page.getByTestId('message-list');
    await expect(page.getByTestId('messages-source')).toHaveText(
      "The service has no message listing (GET /api/v1/messages answered HTTP 404); this is the app's own record of what it sent.",
    );
    await expect(list.getByTestId('message-item')).toContainText('Kept in the app record');
    await expect(list.getByTestId('message-item')).toContainText('sent now');
  });

  test('Ctrl+3 opens Messages with the number field focused; axe finds nothing serious; screenshot', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Contacts');
    await page.keyboard.press('Control+3');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByLabel('Recipient number')).toBeFocused();
    // in the nav, right after Send, and it names its shortcut
    const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    await expect(links.nth(0)).toHaveAccessibleName('Contacts');
    await expect(links.nth(1)).toHaveAccessibleName('Send');
    await expect(links.nth(2)).toHaveAccessibleName('Messages');
    await expect(links.nth(2)).toContainText('Ctrl+3');
    await expect(page.getByRole('link', { name: 'Messages', exact: true })).toHaveAttribute('aria-keyshortcuts', 'Ctrl+3');

    await page.getByRole('button', { name: 'Show all' }).click();
    await expect(page.getByLabel('Recipient number')).toBeFocused();
    await expect(page.getByTestId('messages-source')).toContainText('Listed by the service.');
    await expect(page.getByTestId('message-item').filter({ hasText: 'from the outbox' })).toHaveCount(1);

    // for the picture: an image with its caption and a voice note, sent by the app's core while
    // the view is open (each send's messages:changed lists again), and without the sandbox banner
    const number = uniqueNumber();
    await ctx.h.core.messages.send({
      op: 'messages.media',
      idempotencyKey: randomUUID(),
      input: {
        number,
        mediatype: 'image',
        source: { kind: 'url', url: 'https://files.example.com/storefront.jpg' },
        mimetype: 'image/jpeg',
        caption: 'Our new storefront',
      },
    });
    await ctx.h.core.messages.send({
      op: 'messages.audio',
      idempotencyKey: randomUUID(),
      input: { number, source: { kind: 'url', url: 'https://files.example.com/voice-note.ogg' }, mimetype: 'audio/ogg' },
    });
    await expect(page.getByTestId('message-item').first()).toContainText('Voice note');
    await expect(page.getByTestId('message-item').nth(1)).toContainText('Our new storefront');
    await expect(page.getByTestId('message-item').nth(1)).toContainText('storefront.jpg');
    await readmeScreenshot(page, 'messages');
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/messages.json'));
    expect(problems, formatA11yProblems('messages', problems)).toEqual([]);
  });
});
