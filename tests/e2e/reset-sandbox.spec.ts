// "Reset sandbox": after the Sandbox profile is deleted (its key goes with it), the Profiles
// screen offers to make it again; the new profile is active with a new admin key that works.
import { expect, test } from '@playwright/test';
import { openSection } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

describeOnOneConsole('reset sandbox', { contacts: 500 }, (ctx) => {
  test('delete the Sandbox profile, then Reset sandbox brings it back, active, with a working key', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Profiles');
    await expect(page.getByTestId('restore-sandbox')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: 'Sandbox' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete profile “Sandbox”?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No profiles yet')).toBeVisible();

    const restore = page.getByTestId('restore-sandbox');
    await restore.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect(restore.getByRole('status')).toContainText('The Sandbox profile was made again');
    await expect(page.getByTestId('active-profile')).toContainText('Sandbox');
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');

    // the new key works: the contact list loads from the sandbox
    await openSection(page, 'Contacts');
    await expect(page.getByTestId('contact-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  });
});
