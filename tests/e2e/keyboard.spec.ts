// Keyboard only: choosing a recipient in the contact list, the Send Text flow (tabs with the
// arrow keys, Tab/Shift+Tab between fields, Enter to send, Escape to dismiss a confirmation),
// and a Revoke confirmation (focus trapped in the dialog, Escape cancels, focus comes back).
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  contactAt,
  journalMark,
  journalSince,
  messagesTo,
  navLink,
  openSection,
  openSendTab,
  openSendTo,
  sandboxApi,
  tabTo,
  uniqueNumber,
} from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { cellUnder, keyRow } from './support/keys-screen';

async function focusInside(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => document.querySelector(sel)?.contains(document.activeElement) ?? false, selector);
}

describeOnOneConsole('keyboard only', (ctx) => {
  test('pick a recipient and send a text without the mouse', async () => {
    const h = ctx.h;
    const { page } = h;
    const expected = await contactAt(h, 2);

    // the contact list: Tab in, arrows move, Enter chooses
    const listbox = page.getByRole('listbox', { name: 'Contacts' });
    await tabTo(page, listbox);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(listbox).toHaveAttribute('aria-activedescendant', /row-2$/);
    await page.keyboard.press('Enter');
    const chosen = page.getByRole('complementary', { name: 'Selected contact' });
    await expect(chosen.getByRole('heading', { name: expected.name })).toBeVisible();

    await tabTo(page, chosen.getByRole('button', { name: 'Send text' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();

    // the tablist: only the selected tab is in the Tab order; arrows switch tabs
    const textTab = page.getByRole('tab', { name: 'Send Text' });
    await tabTo(page, textTab);
    await expect(textTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Send Media' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Send Media' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(textTab).toBeFocused();
    await expect(textTab).toHaveAttribute('aria-selected', 'true');

    // fields in order: the recipient is already filled from Contacts
    await page.keyboard.press('Tab');
    const number = page.getByLabel('Recipient number');
    await tabTo(page, number);
    await expect(number).toHaveValue(expected.number);
    const message = page.getByLabel('Message text');
    await tabTo(page, message);
    await page.keyboard.type('Typed with the keyboard');
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await tabTo(page, send);
    // back with Shift+Tab to finish the sentence
    await tabTo(page, message, { back: true });
    await page.keyboard.press('End');
    await page.keyboard.type(' only.');
    await tabTo(page, send);
    await expect(page.getByRole('region', { name: 'cURL preview' })).toContainText('Typed with the keyboard only.');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('send-result')).toContainText(/Sent: message m_/);
    const [sent] = await messagesTo(h, expected.number);
    expect(sent).toMatchObject({ type: 'text', text: 'Typed with the keyboard only.' });

    // a confirmation opened from the keyboard: Escape dismisses it and focus returns
    h.clipboard.text = 'untouched';
    const copyWithKey = page.getByRole('button', { name: 'Copy cURL with key' });
    await tabTo(page, copyWithKey);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Copy cURL with the real key?' });
    await expect(dialog).toBeVisible();
    expect(await focusInside(page, '[role="alertdialog"]')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(copyWithKey).toBeFocused();
    expect(h.clipboard.text).toBe('untouched');
  });

  test('add a key and revoke it through its confirmation without the mouse', async () => {
    const h = ctx.h;
    const { page } = h;
    const created = h.sandbox.createKey('keyboard key', ['contacts:read']);
    h.secrets.push(created.key);

    await tabTo(page, navLink(page, 'Keys'), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Keys' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Add a key' });
    await tabTo(page, form.getByLabel('Key name'));
    await page.keyboard.type('keyboard key');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Key value')).toBeFocused();
    await page.keyboard.type(created.key);
    await page.keyboard.press('Enter'); // submits the form
    await expect(form.getByTestId('add-key-status')).toHaveText('Key “keyboard key” saved to the keychain.');
    await expect(form.getByLabel('Key value')).toHaveValue('');

    const row = keyRow(page, 'keyboard key');
    const revoke = row.getByRole('button', { name: 'Revoke' });
    // All keeps the key listed after its server revocation is done (Live drops it then)
    const all = page.getByRole('group', { name: 'Show keys' }).getByRole('button', { name: 'All', exact: true });
    await tabTo(page, all, { back: true });
    await page.keyboard.press('Enter');
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, revoke);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “keyboard key”?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Every request that uses it will fail.');
    const confirm = dialog.getByRole('button', { name: 'Revoke' });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    // a destructive action opens with Cancel focused: a stray Enter revokes nothing
    await expect(cancel).toBeFocused();
    // Tab and Shift+Tab cycle inside the dialog
    const cycle: [string, Locator][] = [
      ['Tab', confirm],
      ['Tab', cancel],
      ['Shift+Tab', confirm],
      ['Shift+Tab', cancel],
    ];
    for (const [key, focused] of cycle) {
      await page.keyboard.press(key);
      await expect(focused).toBeFocused();
    }

    // Escape cancels; focus returns to the Revoke button; nothing changed
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(revoke).toBeFocused();
    await expect(await cellUnder(row, 'State')).toHaveText('active');

    // Enter on the focused Cancel does the same
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(await cellUnder(row, 'State')).toHaveText('active');
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: created.key })).status).toBe(200);

    // Tab to the confirm button, then Enter revokes
    await expect(revoke).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(await cellUnder(row, 'State')).toContainText(/^revoked [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect
      .poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: created.key })).status, {
        message: 'the server refuses the revoked key',
      })
      .toBe(401);
  });

  test('Ctrl+Enter sends from the message field, once', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const panel = await openSendTab(page, 'Send Text');
    await expect(panel.getByTestId('send-shortcut')).toHaveText('Ctrl+Enter'); // shown beside Send (not on macOS: ⌘+Enter)
    await panel.getByLabel('Recipient number').fill(number);
    const mark = journalMark(h);
    const message = panel.getByLabel('Message text');
    await message.fill('first line');
    await message.press('Shift+Enter'); // a plain or shifted Enter is a new line, not a send
    await message.press('Enter');
    await page.keyboard.type('last line');
    await expect(message).toHaveValue('first line\n\nlast line');
    expect(journalSince(h, mark, { method: 'POST' })).toHaveLength(0);
    await message.press('Control+Enter');
    // (the panel may still show the previous test's result: wait for this send's own message)
    await expect.poll(async () => (await messagesTo(h, number)).length).toBe(1);
    await expect(panel.getByTestId('send-status')).toContainText((await messagesTo(h, number))[0]!.id);
    expect(journalSince(h, mark, { method: 'POST', path: '/api/v1/messages/text' })).toHaveLength(1);
    const [sent] = await messagesTo(h, number);
    expect(sent).toMatchObject({ type: 'text', text: 'first line\n\nlast line' });
    await expect(message).toBeFocused(); // the person keeps typing where they were
  });

  test('Ctrl+Enter sends the panel from the request preview beside the form too (the cURL preview, its copy buttons)', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const panel = await openSendTo(page, 'Send Text', number);
    await panel.getByLabel('Message text').fill('sent while reading the cURL');
    const curl = page.getByRole('region', { name: 'Request preview' }).getByRole('region', { name: 'cURL preview' });
    await expect(curl).toContainText('sent while reading the cURL');
    await curl.focus();
    const mark = journalMark(h);
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await messagesTo(h, number)).length).toBe(1);
    expect(journalSince(h, mark, { method: 'POST', path: '/api/v1/messages/text' })).toHaveLength(1);
  });

  test('Ctrl+Enter right after a success sends nothing more: it moves to Undo, then to "Send again", which sends only when chosen', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const panel = await openSendTo(page, 'Send Text', number);
    const message = panel.getByLabel('Message text');
    await message.fill('only once, unless asked');
    const mark = journalMark(h);
    const ipcMark = h.ipcTraffic.length;
    const submits = () => h.ipcTraffic.slice(ipcMark).filter((t) => t.startsWith('{"channel":"send:submit"')).length;
    await message.press('Control+Enter');
    await expect.poll(async () => (await messagesTo(h, number)).length).toBe(1);
    await expect(panel.getByTestId('send-status')).toContainText((await messagesTo(h, number))[0]!.id);
    await expect(message).toBeFocused();
    await expect(message).toHaveValue('');

    // the same press again: the box was cleared, nothing is sent; focus goes to Undo, and Enter
    // brings the text back
    await message.press('Control+Enter');
    const undo = panel.getByRole('button', { name: 'Undo', exact: true });
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(message).toHaveValue('only once, unless asked');

    // the text just sent, once more: no second message; focus goes to the explicit choice
    await message.press('Control+Enter');
    const again = panel.getByRole('button', { name: 'Send again' });
    await expect(again).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(again).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

    // Enter on "Send again" is the person's choice: one more message, and focus back in the text
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await messagesTo(h, number)).length).toBe(2);
    await expect(message).toBeFocused();
    await expect(message).toHaveValue('');
    // exactly two POSTs: the Ctrl+Enter presses after the success made none (the window did
    // not even ask the app: two send:submit calls in all)
    expect(journalSince(h, mark, { method: 'POST', path: '/api/v1/messages/text' })).toHaveLength(2);
    expect(submits()).toBe(2);
  });

  test('ArrowDown from the contact search goes into the results; Enter chooses one', async () => {
    const h = ctx.h;
    const { page } = h;
    await openSection(page, 'Contacts');
    const expected = await contactAt(h, 0, 'silva');
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('silva');
    await expect(page.getByTestId('contacts-total')).toContainText('matching “silva”');
    await search.press('ArrowDown');
    const listbox = page.getByRole('listbox', { name: 'Contacts' });
    await expect(listbox).toBeFocused();
    await expect(listbox).toHaveAttribute('aria-activedescendant', /row-0$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Selected contact' }).getByRole('heading', { name: expected.name })).toBeVisible();
    await search.fill('');
  });
});
