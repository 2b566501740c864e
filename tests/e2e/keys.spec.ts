// Keys: add a key through the form (the value field is empty afterwards), test it, revoke it
// behind a confirmation that names it (Escape cancels), see it revoked and synced, and the
// server refuse it. Server keys: the admin's list, a created key shown once (masked) and copied by
// main once, gone from the page once its panel closes, and a server revocation behind the same
// confirmation.
import { expect, test } from '@playwright/test';
import { scrubSecret } from '../../src-main/core/http/scrub/redact';
import { keyLabel } from '../../src-main/shared/key-label';
import type { CrmApi } from '../../src-main/ipc/contract';
import { journalMark, journalSince, openSection, openSendTo, sandboxApi, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { activateKey, addKeyThroughForm, cellUnder, keyIdOf, keyRow, showKeys } from './support/keys-screen';
import { addProfileThroughForm } from './support/profiles-screen';

const REVOKE_WARNING = 'Every request that uses it will fail.';

describeOnOneConsole('keys', (ctx) => {
  let added: { id: string; key: string };

  test('a key added through the form is saved, and the value field is empty afterwards', async () => {
    const h = ctx.h;
    added = h.sandbox.createKey('e2e added key', ['contacts:read', 'messages:send']);
    h.secrets.push(added.key);
    const row = await addKeyThroughForm(h.page, 'e2e added key', added.key);
    await expect(row).toContainText(`…${added.key.slice(-4)}`);
    await expect(await cellUnder(row, 'State')).toHaveText('active');
    // not made active: the profile already has a working key
    await expect(h.page.getByTestId('active-key')).toContainText('Sandbox admin');
    // the form says what to enter for the profile's placement (the sandbox's: Authorization: Bearer)
    const hint = h.page.getByRole('form', { name: 'Add a key' }).getByTestId('add-key-hint');
    await expect(hint).toContainText('Enter the bare token, without a scheme word or quotes; it goes as Authorization: Bearer <key>.');
  });

  test('Test reports the key as valid', async () => {
    const { page } = ctx.h;
    const row = keyRow(page, 'e2e added key');
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId(`key-test-result-${await keyIdOf(row)}`)).toHaveText(
      'valid: The key works: it can read contacts (one contacts request answered). Sending was not checked.',
    );
    await expect(await cellUnder(row, 'Last status')).toHaveText('valid');
    // in a column of its own, not squeezed under the row's buttons
    await expect(await cellUnder(row, 'Test result')).toHaveText(/^valid: The key works/);
    await expect(await cellUnder(row, 'Actions')).not.toContainText('The key works');
  });

  test('Revoke asks first, naming the key; Escape cancels and the key stays active', async () => {
    const h = ctx.h;
    const { page } = h;
    const row = keyRow(page, 'e2e added key');
    const mark = journalMark(h);
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “e2e added key”?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(REVOKE_WARNING);
    await expect(dialog).toContainText(`“e2e added key” (…${added.key.slice(-4)})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(await cellUnder(row, 'State')).toHaveText('active');
    expect(journalSince(h, mark, { method: 'DELETE' })).toHaveLength(0);
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: added.key })).status).toBe(200);
  });

  test('confirming revokes: revoked here, synced to the server, and the server answers 401', async () => {
    const h = ctx.h;
    const { page } = h;
    const row = keyRow(page, 'e2e added key');
    // the revoked keys stay in view from here on (Live drops one once its revocation is done)
    await showKeys(page, 'All');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “e2e added key”?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(await cellUnder(row, 'State')).toContainText(/^revoked [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(row).toContainText(/synced [A-Z][a-z]{2} \d{1,2}, \d{4}/); // the server revocation's state
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: added.key })).status).toBe(401);
    expect(journalSince(h, 0, { method: 'DELETE', path: `/api/v1/api-keys/${added.id}` }).map((r) => r.status)).toEqual([200]);
  });

  test('a revoked key cannot be used from the UI', async () => {
    const h = ctx.h;
    const { page } = h;
    const row = keyRow(page, 'e2e added key');
    await expect(row.getByRole('button', { name: 'Make active' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Revoke' })).toBeDisabled();
    const mark = journalMark(h);
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByTestId(`key-test-result-${await keyIdOf(row)}`)).toContainText('revoked');
    // refused locally, never sent: no request since carries the key (the window may refresh its
    // list of the server's keys meanwhile, with the active key, after the revocation's sync)
    expect(journalSince(h, mark).filter((request) => JSON.stringify(request).includes(added.key))).toHaveLength(0);
    // and it is not offered as the active key anywhere
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');
  });

  /** Adds a key, makes it active, revokes it through the confirmation (its last four typed: it is in use); returns its row. */
  async function revokeWhileActive(name: string, value: string) {
    const { page } = ctx.h;
    await addKeyThroughForm(page, name, value);
    await activateKey(page, name);
    const row = keyRow(page, name);
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Revoke key “${name}”?` });
    await dialog.getByRole('textbox', { name: /Type the key’s last 4 characters/ }).fill(value.slice(-4));
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(await cellUnder(row, 'State')).toContainText(/^revoked [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    return row;
  }

  /** main's own record of a key's server revocation (what the Keys table should show) */
  async function syncReasonInMain(name: string): Promise<string | null> {
    const key = (await ctx.h.core.keys.list()).find((k) => k.name === name);
    return key?.sync?.state === 'pending' ? key.sync.reason : (key?.sync?.state ?? null);
  }

  test('revoking the active key stops sends at once; the admin key saved beside it completes the server side', async () => {
    const h = ctx.h;
    const { page } = h;
    const key = h.sandbox.createKey('e2e active key', ['contacts:read', 'messages:send']);
    h.secrets.push(key.key);
    const row = await revokeWhileActive('e2e active key', key.key);
    try {
      const panel = await openSendTo(page, 'Send Text', uniqueNumber());
      await panel.getByLabel('Message text').fill('with a revoked active key');
      const mark = journalMark(h);
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(panel.getByTestId('send-error').getByRole('alert')).toContainText('revoked');
      expect(journalSince(h, mark, { method: 'POST' })).toHaveLength(0);
      // This key may not list keys, so it cannot find its own server id; the Sandbox admin key,
      // saved in the same profile though not active, can: no one has to switch keys for it.
      await expect.poll(() => syncReasonInMain('e2e active key')).toBe('synced');
      await expect.poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: key.key })).status).toBe(401);
      await openSection(page, 'Keys');
      await expect(row).toContainText(/synced [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    } finally {
      await activateKey(page, 'Sandbox admin');
    }
  });

  test('the Keys table shows why a server revocation waits, as main records it', async () => {
    const h = ctx.h;
    const { page } = h;
    // an agent's desk: a profile whose only key cannot manage keys, with no admin key beside it
    const key = h.sandbox.createKey('e2e waiting key', ['contacts:read', 'messages:send']);
    h.secrets.push(key.key);
    await addProfileThroughForm(page, { name: 'Agent desk', baseUrl: h.sandbox.baseUrl, keyName: 'e2e waiting key', keyValue: key.key });
    const switcher = page.getByRole('combobox', { name: 'Switch profile' });
    await switcher.selectOption({ label: 'Agent desk' });
    await expect(page.getByTestId('active-profile')).toHaveText(/Profile\s*Agent desk$/);
    try {
      await openSection(page, 'Keys');
      const row = keyRow(page, 'e2e waiting key');
      await row.getByRole('button', { name: 'Revoke' }).click();
      // the profile's only key, in use: its last four are typed, and there is no other key to switch to
      const dialog = page.getByRole('alertdialog', { name: 'Revoke key “e2e waiting key”?' });
      await expect(dialog).toContainText('Agent desk has no other live key to switch to');
      await dialog.getByRole('textbox', { name: /Type the key’s last 4 characters/ }).fill(key.key.slice(-4));
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(await cellUnder(row, 'State')).toContainText(/^revoked [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await expect.poll(() => syncReasonInMain('e2e waiting key')).toBe('needs_admin_key');
      await expect(row).toContainText('pending: needs a key with keys:manage', { timeout: 3000 });
      expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: key.key })).status).toBe(200); // not yet on the server
    } finally {
      await switcher.selectOption({ label: 'Sandbox' });
      await expect(page.getByTestId('active-profile')).toHaveText(/Profile\s*Sandbox/);
    }
  });

  test('server keys: the admin key sees the list', async () => {
    const h = ctx.h;
    const { page } = h;
    // the list loads when the screen opens (a local revocation does not refresh it: reported)
    await openSection(page, 'Contacts');
    await openSection(page, 'Keys');
    const table = page.getByRole('table', { name: 'Server keys' });
    await expect(table.getByRole('rowheader', { name: 'sandbox admin' })).toBeVisible();
    const listed = await sandboxApi<{ data: { id: string; name: string; prefix: string }[] }>(h, '/api/v1/api-keys');
    expect(listed.status).toBe(200);
    await expect(table.getByRole('row')).toHaveCount(listed.json.data.length + 1);
    // the prefix of the key in use is a piece of it: it never reaches the window (any 8+ run)
    for (const k of listed.json.data) {
      const shown = scrubSecret(k.prefix, h.sandbox.adminKey);
      if (!shown.includes('*')) await expect(page.getByTestId(`server-key-label-${k.id}`)).toHaveText(new RegExp(`^${shown}…`));
    }
    // the key the profile uses is marked in both lists, and named the same way in both
    const admin = listed.json.data.find((k) => k.name === 'sandbox admin')!;
    const saved = keyRow(page, 'Sandbox admin');
    const savedId = await keyIdOf(saved);
    await expect(page.getByTestId(`server-key-in-use-${admin.id}`)).toHaveText('in use');
    await expect(page.getByTestId(`key-in-use-${savedId}`)).toHaveText('in use');
    await expect(table.getByText('in use')).toHaveCount(1);
    const label = keyLabel({ prefix: scrubSecret(admin.prefix, h.sandbox.adminKey), lastFour: h.sandbox.adminKey.slice(-4) });
    await expect(page.getByTestId(`server-key-label-${admin.id}`)).toHaveText(label);
    await expect(page.getByTestId(`key-fingerprint-${savedId}`)).toHaveText(label);
    // the revoked key is gone from the server
    expect(listed.json.data.some((k) => k.id === added.id)).toBe(false);
  });

  let createdValue = '';
  let createdId = '';

  test('server keys: a created key goes to the keychain and is shown once, masked; Copy copies it once', async () => {
    const h = ctx.h;
    const { page } = h;
    const section = page.getByTestId('server-keys');
    const form = section.getByRole('form', { name: 'Create a key on the server' });
    await expect(form.getByRole('checkbox', { name: 'contacts:read' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'messages:send' })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: 'keys:manage' })).not.toBeChecked();
    h.clipboard.text = '';
    // typed and sent with the keyboard, as a person would
    await form.getByLabel('Name for the new server key').focus();
    await page.keyboard.type('e2e server key');
    await page.keyboard.press('Enter');
    const created = form.getByRole('region', { name: 'New key “e2e server key”' });
    await expect(created).toContainText('Key “e2e server key” was created and saved to the keychain');
    await expect(created.getByTestId('created-key-value')).toHaveText(/^•{8,}$/);
    const serverRow = page
      .getByRole('table', { name: 'Server keys' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'e2e server key' }) });
    await expect(serverRow).toBeVisible();
    await expect(keyRow(page, 'e2e server key')).toBeVisible();
    const localIdOf = await keyIdOf(keyRow(page, 'e2e server key'));
    expect(h.clipboard.text).toBe('');

    // the one chance to copy it is brought into sight and focused: Enter copies it
    const copy = created.getByRole('button', { name: 'Copy' });
    await expect(copy).toBeFocused();
    await expect(copy).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(created).toContainText(/Copied; clipboard clears in \d+ s/);
    await expect(copy).toHaveCount(0);
    // focus goes on to Close, not back to the top of the page
    const close = created.getByRole('button', { name: 'Close' });
    await expect(close).toBeFocused();
    createdValue = h.clipboard.text;
    expect(createdValue.length).toBeGreaterThanOrEqual(8);
    // masked, it is not in the page; closed (after the question), it is nowhere in the page
    expect(await page.content()).not.toContain(createdValue);
    await close.click();
    await page.getByRole('alertdialog', { name: 'Close the new key “e2e server key”?' }).getByRole('button', { name: 'Close' }).click();
    await expect(created).toHaveCount(0);
    expect(await page.content()).not.toContain(createdValue);
    // the one reply that held it is the shown-once answer (keys:reveal-new, see
    // keys-create-revoke.spec.ts); no other reply or event did
    expect(h.ipcTraffic.filter((t) => t.includes(createdValue)).map((t) => (JSON.parse(t) as { channel?: string }).channel)).toEqual([
      'keys:reveal-new',
    ]);

    // it is the key the server made: it works, and its prefix is the listed one
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: createdValue })).status).toBe(200);
    const listed = await sandboxApi<{ data: { id: string; name: string; prefix: string; permissions: string[] }[] }>(h, '/api/v1/api-keys');
    const entry = listed.json.data.find((k) => k.name === 'e2e server key');
    expect(entry).toBeDefined();
    expect(createdValue.startsWith(entry!.prefix)).toBe(true);
    expect(entry!.permissions.sort()).toEqual(['contacts:read', 'messages:send']);
    createdId = entry!.id;
    // both lists name it the same way: the listed prefix and the last four. Once main holds the
    // key's value (it was just copied), the prefix is a run of a key in use and main cuts it from
    // everything it sends: both lists then show the last four alone, still alike
    const lastFour = createdValue.slice(-4);
    const serverLabel = page.getByTestId(`server-key-label-${createdId}`);
    await expect(serverLabel).toHaveText(new RegExp(`…${lastFour}$`));
    const shown = (await serverLabel.textContent()) ?? '';
    expect([`${entry!.prefix}…${lastFour}`, `…${lastFour}`]).toContain(shown);
    await expect(page.getByTestId(`key-fingerprint-${localIdOf}`)).toHaveText(shown);

    // once: main refuses a second copy even when asked directly
    h.clipboard.text = '';
    const localId = await keyIdOf(keyRow(page, 'e2e server key'));
    const again = await page.evaluate((id) => (window as unknown as { crm: CrmApi }).crm['keys:copy-new']({ id }), localId);
    expect(again.ok).toBe(false);
    expect(h.clipboard.text).toBe('');
  });

  test('server keys: revoke asks first (Escape cancels), then the server key stops working', async () => {
    const h = ctx.h;
    const { page } = h;
    const row = page.getByTestId(`server-key-row-${createdId}`);
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke server key “e2e server key”?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(REVOKE_WARNING);
    await expect(dialog).toContainText('“e2e server key”');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: createdValue })).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke server key “e2e server key”?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect
      .poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: createdValue })).status, {
        message: 'the server refuses the revoked key',
      })
      .toBe(401);
    await page.getByRole('button', { name: 'Refresh server keys' }).click();
    await expect(page.getByTestId(`server-key-row-${createdId}`)).toHaveCount(0);
    // the local copy of it is revoked too
    await expect(await cellUnder(keyRow(page, 'e2e server key'), 'State')).toContainText(/^revoked [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });
});
