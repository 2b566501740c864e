// Profiles: a second profile on the same sandbox with its own key, switching to it (the header
// shows the active profile and key, and requests use that key), and switching back.
import { expect, test } from '@playwright/test';
import { journalMark, journalSince, openSection, sharedConsole } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

test.describe('profiles', () => {
  const ctx = sharedConsole();
  let second: { id: string; key: string };

  test('a second profile with a key is added; the key field is empty afterwards', async () => {
    const h = ctx.h;
    const { page } = h;
    second = h.sandbox.createKey('e2e staging key', ['contacts:read', 'messages:send']);
    h.secrets.push(second.key);
    await openSection(page, 'Profiles');
    const form = page.getByRole('form', { name: 'Add a profile' });
    await form.getByLabel('Profile name').fill('Staging copy');
    await form.getByLabel('Base URL').fill(h.sandbox.baseUrl);
    await form.getByLabel('Key name').fill('staging key');
    await form.getByLabel('Key value').fill(second.key);
    await form.getByRole('button', { name: 'Add profile' }).click();
    await expect(form.getByRole('status')).toHaveText('Profile “Staging copy” created.');
    await expect(form.getByLabel('Key value')).toHaveValue('');
    await expect(form.getByRole('alert')).toHaveCount(0);

    const table = page.getByRole('table', { name: 'Profiles' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Staging copy/ }) });
    await expect(row).toContainText(h.sandbox.baseUrl);
    // adding does not switch
    await expect(page.getByTestId('active-profile')).toContainText('Sandbox');
    await expect(table.getByRole('rowheader', { name: /^Sandbox active/ })).toBeVisible();
  });

  test('switching makes it active: the header shows the profile and its key, and requests use that key', async () => {
    const h = ctx.h;
    const { page } = h;
    const row = page.getByRole('table', { name: 'Profiles' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Staging copy/ }) });
    const mark = journalMark(h);
    await row.getByRole('button', { name: 'Switch to' }).click();
    await expect(page.getByTestId('active-profile')).toHaveText(/Profile\s*Staging copy$/);
    await expect(page.getByTestId('active-key')).toHaveText(`Key staging key …${second.key.slice(-4)}`);
    await expect(page.getByRole('combobox', { name: 'Switch profile' })).toHaveValue(/.+/);
    await expect(page.getByRole('combobox', { name: 'Switch profile' }).locator('option:checked')).toHaveText('Staging copy');
    await expect(row.getByRole('button', { name: 'Switch to' })).toBeDisabled();

    // the contacts follow the switch, fetched with the new profile's key
    await openSection(page, 'Contacts');
    await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
    await expect.poll(() => journalSince(h, mark, { path: '/api/v1/contacts' }).length).toBeGreaterThan(0);
    for (const r of journalSince(h, mark)) expect(r.headers['authorization']).toBe(`Bearer ${second.key}`);

    await openSection(page, 'Keys');
    await expect(page.getByText('Keys saved for Staging copy.', { exact: false })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Saved keys' }).getByRole('rowheader')).toHaveText([/^staging key\s+active/]);
  });

  test('the header switcher goes back to the Sandbox profile and its admin key', async () => {
    const h = ctx.h;
    const { page } = h;
    await page.getByRole('combobox', { name: 'Switch profile' }).selectOption({ label: 'Sandbox' });
    await expect(page.getByTestId('active-profile')).toContainText('Sandbox');
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');
    const mark = journalMark(h);
    await openSection(page, 'Send');
    await page.getByLabel('Recipient number').fill('5511987650000');
    await page.getByLabel('Message text').fill('from the sandbox profile');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('send-result')).toContainText(/Sent: message m_/);
    const posts = journalSince(h, mark, { method: 'POST' });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['authorization']).toBe(`Bearer ${h.sandbox.adminKey}`);
  });
});
