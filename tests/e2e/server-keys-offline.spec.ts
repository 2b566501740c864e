// An admin revokes a server key while the service is down: the list shown is the last one seen
// (and says so), the revocation is queued (the row greys out with its state at once), and when
// the service is back the key is deleted there and leaves the list.
import { expect, test } from '@playwright/test';
import { openSection, sandboxApi } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

describeOnOneConsole('server keys offline', { contacts: 500 }, (ctx) => {
  test('revoke from the cached list while offline; it reaches the server when it is back', async () => {
    test.setTimeout(90_000);
    const h = ctx.h;
    const { page, sandbox } = h;
    const remote = sandbox.createKey('offline victim', ['contacts:read']);
    await openSection(page, 'Keys');
    await page.getByRole('button', { name: 'Refresh server keys' }).click();
    const row = page.getByTestId(`server-key-row-${remote.id}`);
    await expect(row).toBeVisible();

    await sandbox.suspend();
    try {
      await page.getByRole('button', { name: 'Refresh server keys' }).click();
      await expect(page.getByTestId('server-keys-cached')).toContainText('The server cannot be reached');
      await row.getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('alertdialog', { name: 'Revoke server key “offline victim”?' }).getByRole('button', { name: 'Revoke' }).click();
      await expect(page.getByTestId(`server-key-revocation-${remote.id}`)).toHaveText('Revocation in the outbox');
      await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
      await expect(page.getByTestId('outbox-waiting')).toContainText('1 in outbox');
    } finally {
      await sandbox.resume();
    }

    // no click needed: the outbox finds the service again and deletes the key there
    await expect
      .poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: remote.key })).status, {
        timeout: 30_000,
        message: 'the server refuses the revoked key',
      })
      .toBe(401);
    await expect(page.getByTestId(`server-key-row-${remote.id}`)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('server-keys-cached')).toHaveCount(0);
  });
});
