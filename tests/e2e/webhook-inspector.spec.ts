// The webhook inspector under Profiles -> Edit -> Events, against the real listener and keychain:
// a test event fired from the window travels over real HTTP, signed with the profile's secret,
// and is listed with its verdict; the list is reached and moved with the keyboard; a replay is
// listed marked as one and changes no state twice; neither the secret nor the signature shows in
// the page or crosses IPC.
import { expect, test } from '@playwright/test';
import { openEventsTab } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const SECRET = 'whsec-inspector-e2e-51c7';

describeOnOneConsole('the webhook inspector', (ctx) => {
  test('fires a signed test event, lists it with its verdict, replays it without counting it twice', async () => {
    const { page, core } = ctx.h;
    const profileId = (await core.profiles.active())!.id;
    await core.webhookSecrets.set(profileId, { secret: SECRET });
    try {
      const events = await openEventsTab(page);
      const inspector = events.getByRole('region', { name: 'Deliveries' });
      await inspector.getByLabel('Test event').selectOption('delivered');
      await inspector.getByLabel('shaped as').selectOption('meta');
      await inspector.getByRole('button', { name: 'Fire a test event' }).click();
      await expect(inspector.getByTestId('inspector-note')).toContainText('HTTP 200');
      const fired = inspector.getByTestId('inspector-row').filter({ hasText: /message test_\w+ delivered/ });
      await expect(fired).toHaveCount(1, { timeout: 10_000 });
      await expect(fired).toContainText('signature valid');

      // keyboard: focus the list, Home selects the newest (the fired one), its detail follows
      const list = inspector.getByRole('listbox', { name: 'Webhook deliveries' });
      await list.focus();
      await page.keyboard.press('Home');
      await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      const detail = inspector.getByTestId('inspector-detail');
      await expect(detail.getByTestId('inspector-verdict')).toHaveText('signature valid');
      await expect(detail.getByTestId('inspector-body')).toContainText('whatsapp_business_account');
      // the docs' picture: the deliveries alone (npm run screenshots copies it by its name)
      await inspector.screenshot({ path: 'test-results/screens/webhook-inspector.png', animations: 'disabled' });

      await detail.getByRole('button', { name: 'Replay' }).click();
      await expect(inspector.getByTestId('inspector-note')).toContainText('Replayed');
      const replay = inspector.getByTestId('inspector-row').filter({ hasText: '[replay]' });
      await expect(replay).toHaveCount(1);
      await expect(replay).toContainText('already known: nothing changed');

      await detail.getByRole('button', { name: 'Copy as cURL' }).click();
      await expect(inspector.getByTestId('inspector-note')).toHaveText('Copied as cURL.');

      const text = await page.evaluate(() => document.documentElement.outerHTML);
      expect(text).not.toContain(SECRET);
      expect(text).not.toMatch(/sha256=[0-9a-f]{64}/);
      expect(ctx.h.ipcTraffic.join('\n')).not.toContain(SECRET);
    } finally {
      await core.webhookSecrets.set(profileId, { secret: null });
    }
  });
});
