// Profiles: a second profile on the same sandbox with its own key, switching to it (the header
// shows the active profile and key, and requests use that key), moving it to another address
// (its key is held back until the person approves it in the app's own dialog), and switching back.
import { expect, test, type Page } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { journalMark, journalSince, openSection } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { cellUnder, keyIdOf, keyRow } from './support/keys-screen';
import { overflowOf } from './support/overflow';
import { addProfileThroughForm } from './support/profiles-screen';

function profileRow(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Profiles' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
}

/** Profiles -> Edit -> General: sets the base URL (when given) and saves. */
async function saveProfile(page: Page, name: string, baseUrl?: string): Promise<void> {
  await openSection(page, 'Profiles');
  await profileRow(page, name).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'General' });
  if (baseUrl !== undefined) await form.getByLabel('Base URL').fill(baseUrl);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form).toBeHidden(); // saved: the editor closes
}

describeOnOneConsole('profiles', (ctx) => {
  let second: { id: string; key: string };

  test('a second profile with a key is added; the key field is empty afterwards', async () => {
    const h = ctx.h;
    const { page } = h;
    second = h.sandbox.createKey('e2e staging key', ['contacts:read', 'messages:send']);
    h.secrets.push(second.key);
    const form = await addProfileThroughForm(page, {
      name: 'Staging copy',
      baseUrl: h.sandbox.baseUrl,
      keyName: 'staging key',
      keyValue: second.key,
    });
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
    const row = page
      .getByRole('table', { name: 'Profiles' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Staging copy/ }) });
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
    await expect(page.getByRole('table', { name: 'Saved keys' }).getByRole('rowheader')).toHaveText([/^staging key\s+in use/]);
  });

  test('moved to another address, its key is held back until the person approves it in the app', async () => {
    const h = ctx.h;
    const { page } = h;
    const oldOrigin = new URL(h.sandbox.baseUrl).origin;
    // the same sandbox under another name: another origin for the key, still this computer
    const moved = h.sandbox.baseUrl.replace('//127.0.0.1:', '//localhost:');
    const newOrigin = new URL(moved).origin;
    expect(newOrigin).not.toBe(oldOrigin);
    const usedKey = (mark: number) => journalSince(h, mark).filter((r) => r.headers['authorization'] === `Bearer ${second.key}`);
    const keyQuestion = { title: 'Send the keys to a new address?', message: `Send its saved API key to ${newOrigin}?` };

    // 1. the app asks; "no" saves the address and keeps the key back
    let mark = journalMark(h);
    let asked = h.confirmAsked.length;
    h.confirmQueue.push(false);
    await saveProfile(page, 'Staging copy', moved);
    await expect(profileRow(page, 'Staging copy')).toContainText(moved);
    expect(h.confirmAsked.slice(asked)).toEqual([expect.objectContaining(keyQuestion)]);

    await openSection(page, 'Keys');
    const row = keyRow(page, 'staging key');
    await expect(await cellUnder(row, 'State')).toHaveText(`held back: saved for ${oldOrigin}; this profile now points at ${newOrigin}`);
    await expect(page.getByTestId('held-back-notice')).toContainText('Save the profile again to move the key there');
    // not sent there: a test says why, in the app's words, and nothing reaches the server with it
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId(`key-test-result-${await keyIdOf(row)}`)).toContainText(`was saved for ${oldOrigin}`);
    expect(usedKey(mark)).toHaveLength(0);
    // the notice and the longer State cell pass what every screen passes: axe, nothing pushed out
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('Keys, a key held back', problems)).toEqual([]);
    expect((await overflowOf(page)).outside).toEqual([]);

    // 2. saving the profile again asks again; another "no" changes nothing
    asked = h.confirmAsked.length;
    await saveProfile(page, 'Staging copy');
    expect(h.confirmAsked.slice(asked)).toEqual([expect.objectContaining(keyQuestion)]);
    await openSection(page, 'Keys');
    await expect(await cellUnder(row, 'State')).toContainText('held back');

    // 3. the Keys screen's "Save the profile again…" with a "yes": the key works at the new address
    asked = h.confirmAsked.length;
    h.confirmQueue.push(true);
    await page.getByRole('button', { name: 'Save the profile again…' }).click();
    await expect(page.getByTestId('held-back-status')).toHaveText(`Approved: the app now sends the keys to ${newOrigin}.`);
    expect(h.confirmAsked.slice(asked)).toEqual([expect.objectContaining(keyQuestion)]);
    await expect(await cellUnder(row, 'State')).toHaveText('active');
    await expect(page.getByTestId('held-back-notice')).toHaveCount(0);
    // the earlier test result was about the old address: gone
    await expect(page.getByTestId(`key-test-result-${await keyIdOf(row)}`)).toHaveText('');
    mark = journalMark(h);
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId(`key-test-result-${await keyIdOf(row)}`)).toContainText(/^valid/);
    const used = usedKey(mark);
    expect(used.length).toBeGreaterThan(0);
    for (const r of used) expect(r.headers['host']).toBe(new URL(moved).host);
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

describeOnOneConsole('a new profile from a cURL', (ctx) => {
  test('one paste makes the profile at the cURL’s address, named after its host, with that request learnt; its API tab opens for the rest', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Profiles');
    const form = page.getByRole('form', { name: 'New profile from a cURL' });
    await form
      .getByLabel('The service’s cURL')
      .fill(
        `curl -X POST 'https://graph.example.com/api/v1/messages/text' -H 'Content-Type: application/json' -d '{"number":"5511999990000","text":"Hello"}'`,
      );
    await expect(form.getByLabel('Profile name')).toHaveValue('graph.example.com');
    await expect(form.getByLabel('What this cURL does')).toHaveValue('messages.text');
    await form.getByRole('button', { name: 'Make the profile' }).click();
    await expect(form.getByTestId('profile-from-curl-status')).toContainText('Profile “graph.example.com” created, with Send Text');
    const row = profileRow(page, 'graph.example.com');
    await expect(row).toContainText('https://graph.example.com');
    const edit = page.getByTestId('edit-profile');
    await expect(edit.getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
    const operations = edit.getByTestId('api-section');
    await expect(
      operations.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Send Text', exact: true }) }),
    ).toContainText('custom');
    await expect(
      operations.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'List contacts', exact: true }) }),
    ).toContainText('the app’s own API');
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/profile-from-curl.json'));
    expect(problems, formatA11yProblems('profile-from-curl', problems)).toEqual([]);
  });

  test('a cURL that cannot be read makes nothing and says why', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Profiles');
    const rowsBefore = await page.getByRole('table', { name: 'Profiles' }).getByRole('row').count();
    const form = page.getByRole('form', { name: 'New profile from a cURL' });
    await form.getByLabel('The service’s cURL').fill('curl -X POST');
    await form.getByLabel('Profile name').fill('Nothing');
    await form.getByRole('button', { name: 'Make the profile' }).click();
    await expect(form.getByText(/No profile was made/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Profiles' }).getByRole('row')).toHaveCount(rowsBefore);
  });
});
