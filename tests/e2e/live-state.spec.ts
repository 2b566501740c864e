// Live state: the header says when the app is offline and how much waits in the outbox, the
// Send panel's "In the outbox" becomes "Sent from the outbox" once the outbox delivers
// (no click: the outbox notices the service is back by itself), and a contact page that failed
// while offline is fetched again when the connection returns, without Retry.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { draftTextTo, messagesTo, openSection, openSendTab, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

/** The header's connection state: its word, its colour, and axe's contrast check of the two. */
async function headerState(page: Page): Promise<{ text: string; color: string; contrast: string[] }> {
  const state = page.getByTestId('connection-state');
  const text = (await state.innerText()).trim();
  const color = await state.evaluate((el) => getComputedStyle(el).color);
  const axe = await new AxeBuilder({ page }).include('[data-testid="connection-status"]').withRules(['color-contrast']).analyze();
  return { text, color, contrast: axe.violations.map((v) => v.id) };
}

describeOnOneConsole('live state', (ctx) => {
  test('offline: header and nav show it; the send and the contact list recover by themselves when the service is back', async () => {
    test.setTimeout(90_000);
    const h = ctx.h;
    const { page, sandbox } = h;
    const number = uniqueNumber();
    const text = `live state ${Date.now()}`;
    const panel = await draftTextTo(page, number, text);
    const status = page.getByTestId('connection-status');
    await expect(status).toContainText('Online');
    const online = await headerState(page);

    await sandbox.suspend();
    try {
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(panel.getByTestId('send-queued')).toContainText('In the outbox');
      await expect(status).toContainText('Offline');
      // not colour alone: the word is there, in a colour of its own, readable (axe's contrast rule)
      const offline = await headerState(page);
      expect(online).toMatchObject({ text: 'Online', contrast: [] });
      expect(offline).toMatchObject({ text: 'Offline', contrast: [] });
      expect(offline.color).not.toBe(online.color);
      await expect(page.getByTestId('outbox-waiting')).toHaveText('1 in outbox');
      await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /Outbox/ })).toContainText('1');

      // the contact list fails for want of a connection
      await openSection(page, 'Contacts');
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill('zz-live-state-query');
      await expect(page.getByRole('button', { name: /Retry/ }).first()).toBeVisible({ timeout: 20_000 });
    } finally {
      await sandbox.resume();
    }

    // no click: the outbox's probe finds the service again, delivers, and everything follows
    await expect(status).toContainText('Online', { timeout: 30_000 });
    await expect(page.getByTestId('outbox-waiting')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(/No contacts match|0 contacts/).first()).toBeVisible();

    await openSendTab(page, 'Send Text');
    await expect(page.getByTestId('send-panel-text').getByTestId('send-result')).toContainText('Sent from the outbox');
    expect(await messagesTo(h, number)).toHaveLength(1);
  });
});
