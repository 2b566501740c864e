// Every screen, in light and dark: axe-core finds no serious or critical violation, and a PNG of
// each is saved under test-results/screens/ (<screen>.png, <screen>-dark.png) for the README.
// Each test sets up its own state, so one screen's failure does not hide another's.
import { expect, test, type Page } from '@playwright/test';
import type { ConsoleHarness } from './support/app-harness';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSection, openSendTo, settledCurl, sharedConsole, uniqueNumber } from './support/fixtures';
import { cellUnder, keyIdOf, keyRow } from './support/keys-screen';
import { pngBytes, writeMediaFile } from './support/media-files';
import { withPlantedElement } from './support/planted-element';

const SCREENS_DIR = 'test-results/screens';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`screens (${scheme})`, () => {
    const ctx = sharedConsole({ colorScheme: scheme });

    /** Screenshot first (so it exists even when axe fails), then the axe check. */
    async function checkScreen(page: Page, screen: string): Promise<void> {
      await expect(page.locator('body')).toHaveCSS('background-color', /rgb/);
      const name = `${screen}${scheme === 'dark' ? '-dark' : ''}`;
      await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, animations: 'disabled' });
      const problems = blocking(await a11yProblems(page, `test-results/a11y/${name}.json`));
      expect(problems, formatA11yProblems(`${screen} (${scheme})`, problems)).toEqual([]);
    }

    test('the color scheme is applied, and the axe check catches a planted violation', async () => {
      const { page } = ctx.h;
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
      // the check itself can fail: a button without a name is a critical violation
      await withPlantedElement(page, { tag: 'button', id: 'planted-violation', at: 'end of main' }, async () => {
        const planted = blocking(await a11yProblems(page));
        expect(planted.map((p) => p.rule)).toContain('button-name');
        expect(planted.flatMap((p) => p.targets.map((t) => t.target))).toContain('#planted-violation');
      });
    });

    test('Contacts', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Contacts');
      await expect(page.getByTestId('contacts-total')).toHaveText('100,000 contacts');
      await page.locator('[data-testid="contact-row"][data-index="1"]').click();
      await expect(page.getByTestId('chosen-contact')).toBeVisible();
      await checkScreen(page, 'contacts');
      // the other screenshots go without the sandbox banner
      await page.getByRole('region', { name: 'Built-in sandbox' }).getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByRole('region', { name: 'Built-in sandbox' })).toHaveCount(0);
    });

    test('Send Text', async () => {
      const { page } = ctx.h;
      const panel = await openSendTo(page, 'Send Text', '+55 11 98765-4321');
      await panel.getByLabel('Message text').fill('Hello from the console');
      await settledCurl(page, 'Hello from the console');
      await checkScreen(page, 'send-text');
    });

    test('Send Text with an error', async () => {
      const h = ctx.h;
      const panel = await openSendTo(h.page, 'Send Text', uniqueNumber());
      await panel.getByLabel('Message text').fill('This one fails');
      await settledCurl(h.page, 'This one fails');
      h.sandbox.injectFaults(
        [
          {
            kind: 'status',
            status: 400,
            body: JSON.stringify({
              error: { code: 'bad_request', message: 'x', details: [{ field: 'number', message: 'is not on this account' }] },
            }),
            contentType: 'application/json',
          },
        ],
        { method: 'POST', pathPrefix: '/api/v1/messages/text' },
      );
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(panel.getByTestId('send-error')).toBeVisible();
      await checkScreen(h.page, 'send-text-error');
    });

    test('Send Media', async () => {
      const h = ctx.h;
      h.pickQueue.push(writeMediaFile(`screens-${scheme}.png`, pngBytes(160, 90)));
      const panel = await openSendTo(h.page, 'Send Media', '5511987654321');
      await panel.getByRole('button', { name: 'Choose file…' }).click();
      await expect(panel.getByTestId('staged-file-media').getByRole('img')).toBeVisible();
      await panel.getByLabel('Caption (optional)').fill('Our new storefront');
      await settledCurl(h.page, 'messages/media', 'Our new storefront');
      await checkScreen(h.page, 'send-media');
    });

    test('Send Audio', async () => {
      const { page } = ctx.h;
      const panel = await openSendTo(page, 'Send Audio', '5511987654321');
      // a voice note recorded with the (fake) microphone, ready to play back and send
      const recorder = panel.getByRole('region', { name: 'Voice note' });
      await recorder.getByRole('button', { name: 'Record' }).click();
      await expect(recorder.getByRole('timer', { name: 'Elapsed recording time' })).toContainText(/Recording 0:0[1-9]/);
      await recorder.getByRole('button', { name: 'Stop recording' }).click();
      await expect(recorder.getByLabel('Play back the voice note')).toBeVisible();
      await expect(panel.getByTestId('staged-file-audio')).toContainText('audio/ogg');
      await settledCurl(page, 'messages/audio', 'base64 <', 'audio/ogg');
      await checkScreen(page, 'send-audio');
    });

    test('Keys', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Keys');
      const row = keyRow(page, 'Sandbox admin');
      await row.getByRole('button', { name: 'Test' }).click();
      await expect(page.getByTestId(`key-test-result-${await keyIdOf(row)}`)).toContainText('valid');
      await expect(page.getByRole('table', { name: 'Server keys' })).toBeVisible();
      await checkScreen(page, 'keys');
    });

    test('a confirmation dialog (Revoke)', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Keys');
      await keyRow(page, 'Sandbox admin').getByRole('button', { name: 'Revoke' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Revoke key “Sandbox admin”?' });
      await expect(dialog).toBeVisible();
      try {
        await checkScreen(page, 'confirm-dialog');
      } finally {
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await expect(await cellUnder(keyRow(page, 'Sandbox admin'), 'State')).toHaveText('active');
    });

    test('Outbox', async () => {
      const h: ConsoleHarness = ctx.h;
      const { page } = h;
      // one message waits (offline), so the screen shows a pending item and the offline line
      const panel = await openSendTo(page, 'Send Text', uniqueNumber());
      await panel.getByLabel('Message text').fill('Waiting for the connection');
      await settledCurl(page, 'Waiting for the connection');
      await h.sandbox.suspend();
      try {
        await panel.getByRole('button', { name: 'Send', exact: true }).click();
        await expect(panel.getByTestId('send-queued')).toBeVisible();
        await openSection(page, 'Outbox');
        await expect(page.getByRole('region', { name: /^In the outbox/ })).toBeVisible();
        await expect(page.getByTestId('net-status')).toContainText('Offline');
        await checkScreen(page, 'outbox');
      } finally {
        await h.sandbox.resume();
      }
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect(page.getByRole('region', { name: /^In the outbox/ })).toHaveCount(0);
    });

    test('Request log', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Request log');
      const table = page.getByRole('table', { name: 'Recent requests' });
      await expect(table.getByTestId('log-row').first()).toBeVisible();
      await table.getByRole('button', { name: 'Show headers' }).first().click();
      await expect(table.getByText('Bearer', { exact: false }).first()).toBeVisible();
      await checkScreen(page, 'request-log');
    });

    test('Profiles', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Profiles');
      await expect(page.getByRole('table', { name: 'Profiles' })).toBeVisible();
      await checkScreen(page, 'profiles');
    });
  });
}
