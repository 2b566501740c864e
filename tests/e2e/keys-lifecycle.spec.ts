// A saved key's life in the Keys screen, against the sandbox and the real keychain: a value that
// leaves the keychain behind the window's back shows as "value missing" within a couple of
// seconds, and Repair puts it back (or says how to give the key a value again); a revoked key
// leaves the default list once its server revocation is done, the Revoked filter keeps it, and
// Remove drops its record (a live key has no Remove); a key created with an expiry says so.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { keyAccount } from '../../src-main/core/secrets/secret-store';
import { expectAccessible } from './support/a11y';
import { openSection, sandboxApi } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { addServerKeyThroughForm, cellUnder, keyIdOf, keyRow, showKeys } from './support/keys-screen';

describeOnOneConsole('a key whose value left the keychain, revoked keys and expiry', (ctx) => {
  test('a value moved aside in the keychain shows "value missing" within seconds; Repair links it back', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key, row } = await addServerKeyThroughForm(h, 'e2e moved value', ['contacts:read']);
    const id = await keyIdOf(row);
    await expect(await cellUnder(row, 'Last status')).toHaveText('—');

    // behind the window's back, as a keychain app or a restored backup could: the value now sits
    // under an entry no saved key names
    const secrets = h.core.secretStore;
    const stray = keyAccount(randomUUID());
    await secrets.set(stray, key.key);
    expect(await secrets.delete(keyAccount(id))).toBe(true);

    await expect(row.getByTestId(`key-value-missing-${id}`)).toHaveText('value missing', { timeout: 3_000 });
    await expect(await cellUnder(row, 'Last status')).toContainText('value missing');
    await expectAccessible(page, 'keys-value-missing');

    await row.getByRole('button', { name: 'Repair' }).click();
    await expect(row.getByTestId(`key-repair-result-${id}`)).toContainText(
      `(…${key.key.slice(-4)}) was found in the keychain under another entry and linked back to it`,
    );
    await expect(row.getByTestId(`key-value-missing-${id}`)).toHaveCount(0, { timeout: 3_000 });
    expect(await secrets.get(keyAccount(id))).toBe(key.key);
    expect(await secrets.get(stray)).toBeNull();
    // the key works again under its own name
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(await cellUnder(row, 'Last status')).toHaveText(/^valid/);
  });

  test('a value deleted from the keychain: Repair says how to give the key a value again', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key, row } = await addServerKeyThroughForm(h, 'e2e lost value', ['contacts:read']);
    const id = await keyIdOf(row);
    expect(await h.core.secretStore.delete(keyAccount(id))).toBe(true);

    await expect(row.getByTestId(`key-value-missing-${id}`)).toHaveText('value missing', { timeout: 3_000 });
    await row.getByRole('button', { name: 'Repair' }).click();
    await expect(row.getByTestId(`key-repair-result-${id}`)).toContainText(
      `The keychain holds no value for “e2e lost value” (…${key.key.slice(-4)}). Revoke it and add the key again with Add key`,
    );
    await expect(row.getByTestId(`key-value-missing-${id}`)).toHaveText('value missing');
    // the other keys were never called missing
    await expect(page.locator('[data-testid^="key-value-missing-"]')).toHaveCount(1);
  });

  test('a revoked key leaves the list once its revocation is done; Revoked shows it and Remove drops it', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key, row } = await addServerKeyThroughForm(h, 'e2e retired', ['contacts:read']);
    const id = await keyIdOf(row);
    // a live key has no Remove: it is revoked first
    await expect(row.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “e2e retired”?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: key.key })).status, { timeout: 15_000 })
      .toBe(401);
    // Live, the default: gone once the server revocation is done, as `crm keys list` shows it
    await expect(page.getByRole('group', { name: 'Show keys' }).getByRole('button', { name: 'Live', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    await expect(keyRow(page, 'Sandbox admin')).toBeVisible();

    await showKeys(page, 'Revoked');
    await expect(row).toBeVisible();
    await expect(keyRow(page, 'Sandbox admin')).toHaveCount(0);
    await expect(await cellUnder(row, 'State')).toContainText(/^revoked /);
    await expect(row).toContainText(/synced [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expectAccessible(page, 'keys-revoked-filter');

    await row.getByRole('button', { name: 'Remove' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove “e2e retired”?' });
    await expect(ask).toContainText('The key stays revoked.');
    await ask.getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
    await showKeys(page, 'All');
    await expect(row).toHaveCount(0);
    await expect(keyRow(page, 'Sandbox admin')).toBeVisible();
    expect((await h.core.keys.list()).some((k) => k.id === id)).toBe(false);
    // the live keys are still there, without a Remove
    await expect(keyRow(page, 'Sandbox admin').getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await showKeys(page, 'Live');
  });

  test('a key created with a 30-day expiry says "expires in 30 days"', async () => {
    const h = ctx.h;
    const { page } = h;
    await openSection(page, 'Keys');
    const form = page.getByRole('form', { name: 'Create a key on the server' });
    await form.getByLabel('Name for the new server key').fill('e2e expiring');
    // a date is needed once "On a date…" is picked: said before any key is made
    await form.getByLabel('Expires').selectOption({ label: 'On a date…' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(form).toContainText('Choose the last day the key is used, or another expiry.');
    await form.getByLabel('Expires').selectOption({ label: '30 days' });
    await expect(form.getByLabel('Last day the key is used')).toHaveCount(0);
    await form.getByRole('button', { name: 'Create key' }).click();
    const panel = page.getByRole('region', { name: 'New key “e2e expiring”' });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alertdialog', { name: 'Close without copying?' }).getByRole('button', { name: 'Close without copying' }).click();
    await expect(panel).toHaveCount(0);

    const row = keyRow(page, 'e2e expiring');
    await expect(await cellUnder(row, 'State')).toContainText('expires in 30 days');
    const saved = (await h.core.keys.list()).find((k) => k.name === 'e2e expiring');
    const days = (Date.parse(saved?.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await expectAccessible(page, 'keys-expiry');
  });
});
