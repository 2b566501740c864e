// The leak response in the window: a saved key's value typed into Send Text is refused with the
// sentence naming the key by its last 4 and nothing reaches the sandbox; a contact's reply that
// holds the key raises an app-wide alert naming the key, whose Roll key… opens the Keys screen
// and the Roll dialog for that key. Real sandbox, real webhooks, axe on the notice.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { journalMark, journalSince, messagesTo, openSendTo, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

describeOnOneConsole('a saved key where it must not be', (ctx) => {
  test('Send Text refuses a text that holds the saved key, and sends nothing', async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    const last4 = sandbox.adminKey.slice(-4);
    const panel = await openSendTo(page, 'Send Text', number);
    const text = panel.getByLabel('Message text');
    await text.fill(`my key: ${sandbox.adminKey}`);
    const mark = journalMark(ctx.h);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-error')).toContainText(
      `This text contains the key "Sandbox admin" …${last4}; it was not sent. Remove it, and roll the key if it was shared elsewhere.`,
    );
    expect(journalSince(ctx.h, mark, { method: 'POST' })).toEqual([]);
    expect(await messagesTo(ctx.h, number)).toEqual([]);
    // the text stays for the person to fix; cleared here so no key is left in the page
    await text.fill('');
  });

  test('a reply holding the key raises a notice naming it; Roll key… opens the Keys screen and its Roll dialog', async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    const last4 = sandbox.adminKey.slice(-4);
    sandbox.configureEvents({
      statusDelaysMs: [100, 200, 300],
      replyFrom: [number],
      replyDelayMs: 400,
      replyText: `here is the key you asked for: ${sandbox.adminKey}`,
    });
    const panel = await openSendTo(page, 'Send Text', number);
    await panel.getByLabel('Message text').fill('Can you send me the code?');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);

    const notice = page.getByRole('alert', { name: `Key …${last4} leaked` });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText(`A reply from ${number} contains the key "Sandbox admin" …${last4}`);
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('leak notice', problems)).toEqual([]);

    // by keyboard: the notice's button is in the tab order
    const roll = notice.getByRole('button', { name: 'Roll key…' });
    await roll.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('screen-keys')).toBeVisible();
    const dialog = page.getByTestId('roll-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Sandbox admin');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await notice.getByRole('button', { name: `Dismiss the notice about the key …${last4}` }).click();
    await expect(notice).toHaveCount(0);
  });
});
