// The webhook secret and verify token set from the profile's page in Profiles (Edit -> Events),
// with the keyboard only: each value goes to main once (webhooks:set-secrets), lands in the
// keychain, takes effect in the listener at once (the sandbox's unsigned posts are refused,
// signed ones taken), and never comes back: the page says only "Set" or "Not set", and the value
// is in no IPC reply, event or page text. The conversation shows none of it.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openEventsTab, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { showConversation } from './support/conversation-steps';

const SECRET = 'whsec-e2e-7f3a9c1b5d';
const VERIFY = 'verify-e2e-2b8e6d4f0a';

describeOnOneConsole("webhook signing on the profile's page", (ctx) => {
  test('sets the secret and the verify token from the keyboard, shown only as set, effective at once, then clears them', async () => {
    const { page, sandbox, core } = ctx.h;
    const number = uniqueNumber();
    sandbox.configureEvents({
      statusDelaysMs: [100, 200, 300],
      replyFrom: [number],
      replyDelayMs: 400,
      replyText: 'Signed hello',
      webhookRetryDelaysMs: [],
    });

    let events = await openEventsTab(page);
    await expect(events.getByTestId('webhook-address')).toContainText(/http:\/\/127\.0\.0\.1:\d+\/webhooks\//);
    let signing = events.getByRole('region', { name: 'Webhook signing' });
    let secretForm = signing.getByRole('form', { name: 'Webhook secret' });
    let verifyForm = signing.getByRole('form', { name: 'Verify token' });
    await expect(secretForm.getByTestId('webhook-secret-state')).toHaveText('Not set');
    await expect(verifyForm.getByTestId('webhook-verifyToken-state')).toHaveText('Not set');
    // Clear has nothing to clear yet
    await expect(secretForm.getByRole('button', { name: 'Clear' })).toBeDisabled();

    // an empty Save is refused in the window, nothing goes to main
    await secretForm.getByLabel('Webhook secret').focus();
    await page.keyboard.press('Enter');
    await expect(secretForm.getByText('Type the webhook secret first.')).toBeVisible();

    await page.keyboard.type(SECRET);
    await page.keyboard.press('Tab');
    await expect(secretForm.getByRole('button', { name: 'Save' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(secretForm.getByTestId('webhook-secret-state')).toHaveText('Set');
    await expect(secretForm.getByRole('status')).toHaveText('Webhook secret saved to the keychain.');
    await expect(secretForm.getByLabel('Webhook secret')).toHaveValue('');
    await expect(events.getByTestId('webhook-address')).toContainText('posts must be signed with the webhook secret');

    await verifyForm.getByLabel('Verify token').focus();
    await page.keyboard.type(VERIFY);
    await page.keyboard.press('Enter');
    await expect(verifyForm.getByTestId('webhook-verifyToken-state')).toHaveText('Set');

    const profileId = (await core.profiles.active())!.id;
    expect(await core.webhookSecrets.secretOf(profileId)).toBe(SECRET);
    expect(await core.webhookSecrets.verifyTokenOf(profileId)).toBe(VERIFY);

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('webhook signing', problems)).toEqual([]);

    // the listener takes it at once: the sandbox's unsigned posts are refused, never shown
    const panel = await showConversation(page, number);
    await expect(panel.getByRole('region', { name: 'Webhook signing' })).toHaveCount(0);
    await panel.getByLabel('Reply').fill('Unsigned round');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(() => ctx.h.console.filter((l) => l.includes('refused: signature missing')).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    await expect(panel.getByTestId('conversation-in')).toHaveCount(0);
    await expect(panel.getByTestId('delivery-state')).toHaveText('Accepted by the service');

    // signed with the same secret, they are taken
    sandbox.configureEvents({ webhookSecret: SECRET });
    await panel.getByLabel('Reply').fill('Signed round');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(panel.getByTestId('conversation-in')).toContainText('Signed hello', { timeout: 15_000 });

    // the values went to main once and never came back
    const traffic = ctx.h.ipcTraffic.join('\n');
    expect(traffic).not.toContain(SECRET);
    expect(traffic).not.toContain(VERIFY);
    const text = await page.evaluate(
      () => document.documentElement.outerHTML + JSON.stringify(localStorage) + JSON.stringify(sessionStorage),
    );
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(VERIFY);

    // cleared from the keyboard: Tab from the field past Save to Clear
    events = await openEventsTab(page);
    signing = events.getByRole('region', { name: 'Webhook signing' });
    secretForm = signing.getByRole('form', { name: 'Webhook secret' });
    verifyForm = signing.getByRole('form', { name: 'Verify token' });
    await expect(secretForm.getByTestId('webhook-secret-state')).toHaveText('Set');
    await secretForm.getByLabel('Webhook secret').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(secretForm.getByRole('button', { name: 'Clear' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(secretForm.getByTestId('webhook-secret-state')).toHaveText('Not set');
    await expect(secretForm.getByRole('status')).toHaveText('Webhook secret cleared.');
    await verifyForm.getByRole('button', { name: 'Clear' }).click();
    await expect(verifyForm.getByTestId('webhook-verifyToken-state')).toHaveText('Not set');
    expect(await core.webhookSecrets.secretOf(profileId)).toBeNull();
    expect(await core.webhookSecrets.verifyTokenOf(profileId)).toBeNull();
    sandbox.configureEvents({ webhookSecret: null });
  });
});
