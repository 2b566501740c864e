// Each profile keeps its own window: switching the active profile in the header swaps the
// contacts search and the chosen contact, the send panels' drafts and their last result (a
// failure is cleared, not kept), the Keys screen's messages and the Messages filter. Nothing typed or shown under one
// profile appears under the other, and coming back brings the first profile's state back.
import { expect, test, type Page } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { contactAt, draftTextTo, openSection, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { filterMessagesBy } from './support/conversation-steps';
import { addKeylessProfile } from './support/profiles-screen';

async function switchProfile(page: Page, name: string): Promise<void> {
  await page.getByTestId('profile-switcher').selectOption({ label: name });
  await expect(page.getByTestId('active-profile')).toContainText(name);
}

describeOnOneConsole('per-profile window state', (ctx) => {
  test.beforeAll(async () => {
    const h = ctx.h;
    // a second profile with no key: everything it tries fails, which makes its errors easy to see
    await addKeylessProfile(h, 'Staging');
  });

  test('Contacts: the search and the chosen contact belong to the profile they were made under', async () => {
    const h = ctx.h;
    const { page } = h;
    const ana = await contactAt(h, 0, 'ana');
    await openSection(page, 'Contacts');
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('ana');
    await expect(page.getByTestId('contact-row').first()).toContainText(ana.name);
    await page.getByTestId('contact-row').first().click();
    await expect(page.getByTestId('chosen-contact')).toContainText(ana.name);

    await switchProfile(page, 'Staging');
    await expect(search).toHaveValue('');
    await expect(page.getByTestId('chosen-contact')).toHaveCount(0);
    await search.fill('bob');

    await switchProfile(page, 'Sandbox');
    await expect(search).toHaveValue('ana');
    await expect(page.getByTestId('chosen-contact')).toContainText(ana.name);
    await expect(page.getByTestId('contact-row').first()).toContainText(ana.name);
    await expect(page.getByTestId('contacts-error')).toHaveCount(0);

    await switchProfile(page, 'Staging');
    await expect(search).toHaveValue('bob');
    await expect(page.getByTestId('chosen-contact')).toHaveCount(0);
    await switchProfile(page, 'Sandbox');
  });

  test('Send: drafts, the last result and errors stay with their profile', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const text = `for the sandbox ${Date.now()}`;
    const panel = await draftTextTo(page, number, text);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText('Sent: message');

    await switchProfile(page, 'Staging');
    await expect(panel.getByLabel('Recipient number')).toHaveValue('');
    await expect(panel.getByLabel('Message text')).toHaveValue('');
    await expect(panel.getByTestId('send-result')).toHaveCount(0);
    await panel.getByLabel('Recipient number').fill('5511999990000');
    await panel.getByLabel('Message text').fill('for staging');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-error')).toContainText('Not sent');

    await switchProfile(page, 'Sandbox');
    await expect(panel.getByLabel('Recipient number')).toHaveValue(number);
    await expect(panel.getByTestId('send-result')).toContainText('Sent: message');
    await expect(panel.getByTestId('send-error')).toHaveCount(0);
    await expect(panel.getByText('for staging')).toHaveCount(0);

    await switchProfile(page, 'Staging');
    await expect(panel.getByLabel('Message text')).toHaveValue('for staging');
    await expect(panel.getByTestId('send-result')).toHaveCount(0);
    await expect(panel.getByTestId('send-error')).toHaveCount(0);
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('Send Text after a profile switch', problems)).toEqual([]);
    await switchProfile(page, 'Sandbox');
  });

  test('Keys: a message about one profile’s keys is not shown under another', async () => {
    const { page } = ctx.h;
    await switchProfile(page, 'Staging');
    await openSection(page, 'Keys');
    const form = page.getByRole('form', { name: 'Add a key' });
    await form.getByLabel('Key name').fill('staging key');
    await form.getByLabel('Key value').fill(`crm_sk_staging_${Date.now()}_abcdefghijkl`);
    await form.getByRole('button', { name: 'Add key' }).click();
    await expect(form.getByTestId('add-key-status')).toContainText('staging key');

    await form.getByLabel('Key name').fill('half typed');
    await switchProfile(page, 'Sandbox');
    await expect(form.getByTestId('add-key-status')).toHaveText('');
    await expect(form.getByLabel('Key name')).toHaveValue('');
    await expect(page.getByText('staging key')).toHaveCount(0);
  });

  test('Messages: the number filter belongs to its profile', async () => {
    const { page } = ctx.h;
    await filterMessagesBy(page, '5511999990000');
    const field = page.getByRole('search', { name: 'Filter messages by number' }).getByLabel('Recipient number');
    await switchProfile(page, 'Staging');
    await expect(field).toHaveValue('');
    await switchProfile(page, 'Sandbox');
    await expect(field).toHaveValue('5511999990000');
  });
});
