// Roll key… in the Keys screen, against the sandbox and the real keychain: with grace "now" the
// profile ends up on the new key (a request with it works), the old key is revoked on the service
// and, once the check after its revocation ran, its row says "refused (401) at …"; with a grace
// of 1 hour the old row says "retires at …" and the outbox lists its scheduled retirement. The
// dialog passes axe, and Escape returns focus to the row's Roll key… button.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openSection, sandboxApi } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { activateKey, addServerKeyThroughForm, cellUnder, keyIdOf, keyRow, showKeys } from './support/keys-screen';

const ALL = ['contacts:read', 'messages:send', 'keys:manage'] as const;

describeOnOneConsole('Roll key…', (ctx) => {
  test('the dialog passes axe; Escape closes it and returns focus to the row’s Roll key… button', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Keys');
    const row = keyRow(page, 'Sandbox admin');
    const roll = row.getByRole('button', { name: /^Roll key… Sandbox admin/ });
    await roll.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Roll key “Sandbox admin”' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Old key keeps working on the service for')).toHaveValue('24h');
    await expect(dialog.getByLabel('Old key keeps working on the service for')).toBeFocused();
    await expectAccessible(page, 'keys-roll-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(roll).toBeFocused();
    // nothing was rolled
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');
  });

  test('grace now: the profile uses the new key, the old one is revoked and proved refused (401)', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key: made, row } = await addServerKeyThroughForm(h, 'e2e roll now', [...ALL]);
    const oldId = await keyIdOf(row);
    await activateKey(page, 'e2e roll now');

    await row.getByRole('button', { name: /^Roll key… e2e roll now/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll key “e2e roll now”' });
    await dialog.getByLabel('Old key keeps working on the service for').selectOption('now');
    await dialog.getByRole('button', { name: 'Roll', exact: true }).click();
    await expect(dialog.getByTestId('roll-done')).toContainText('“e2e roll now (rolled)”', { timeout: 20_000 });
    await expect(dialog.getByTestId('roll-done')).toContainText('is in use by Sandbox');
    await expect(dialog.getByTestId('roll-steps')).toContainText('Scheduling the old key’s retirement — done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // the profile's key changed, and a request with the new key works
    await expect(page.getByTestId('active-key')).toContainText('e2e roll now (rolled)');
    const freshId = (await h.core.keys.list()).find((k) => k.name === 'e2e roll now (rolled)')?.id ?? '';
    expect((await h.core.profiles.list()).profiles.find((p) => p.name === 'Sandbox')?.activeKeyId).toBe(freshId);
    const fresh = page.getByTestId(`key-row-${freshId}`);
    await expect(fresh.getByTestId(`key-in-use-${freshId}`)).toHaveText('in use');
    await fresh.getByRole('button', { name: 'Test' }).click();
    await expect(await cellUnder(fresh, 'Last status')).toHaveText(/^valid/);

    // the old key is refused by the service, and its row says the check found so
    await expect
      .poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: made.key })).status, { timeout: 15_000 })
      .toBe(401);
    await showKeys(page, 'All');
    const old = page.getByTestId(`key-row-${oldId}`);
    await expect(await cellUnder(old, 'State')).toContainText(/^revoked /);
    await expect(old.getByTestId(`key-proof-${oldId}`)).toHaveText(/^refused \(401\) at \d{2}:\d{2}$/, { timeout: 20_000 });
    await expect(old.getByRole('button', { name: /^Roll key…/ })).toHaveCount(0);
    await showKeys(page, 'Revoked');
    await expect(old.getByTestId(`key-proof-${oldId}`)).toHaveText(/^refused \(401\) at /);
    await expectAccessible(page, 'keys-roll-proved');
    await showKeys(page, 'Live');
  });

  test('grace 1 hour: the old row says "retires at …" and the outbox shows the scheduled retirement', async () => {
    const h = ctx.h;
    const { page } = h;
    // the service's keys are made with the profile's key: the admin key again, after the last roll
    await activateKey(page, 'Sandbox admin');
    const { key: made, row } = await addServerKeyThroughForm(h, 'e2e roll later', [...ALL]);
    const oldId = await keyIdOf(row);

    await row.getByRole('button', { name: /^Roll key… e2e roll later/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll key “e2e roll later”' });
    await dialog.getByLabel('Old key keeps working on the service for').selectOption('1h');
    await dialog.getByRole('button', { name: 'Roll', exact: true }).click();
    // an hour from now: the time alone today, with its day after midnight ("Nov 30, 2026, 00:20")
    await expect(dialog.getByTestId('roll-done')).toContainText(/retires on the service at (?:\w{3} \d{1,2}, \d{4}, )?\d{2}:\d{2}/, {
      timeout: 20_000,
    });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // revoked here, still working on the service until its grace ends
    const old = page.getByTestId(`key-row-${oldId}`);
    await expect(await cellUnder(old, 'State')).toContainText(/^revoked /);
    await expect(old.getByTestId(`key-proof-${oldId}`)).toHaveText(/^retires at (?:\w{3} \d{1,2}, \d{4}, )?\d{2}:\d{2}$/);
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: made.key })).status).toBe(200);
    await expect(page.getByRole('rowheader', { name: /^e2e roll later \(rolled\)/ })).toBeVisible();

    await openSection(page, 'Outbox');
    const item = page.getByRole('region', { name: 'Outbox', exact: true }).getByRole('listitem').filter({ hasText: 'e2e roll later' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('scheduled: a rolled key retires when its grace ends');
  });
});
