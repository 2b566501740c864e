// A send panel says one thing at a time: a message in the outbox is said to be in the outbox
// once, pressing Send again for it shows no red "Not sent" beside a grey "just sent", and the
// green "Sent from the outbox" stays green. The Outbox screen uses the same words.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { draftTextTo, messagesTo, openSection, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

describeOnOneConsole('send states that never contradict', (ctx) => {
  test('in the outbox, Send again for it, then sent from the outbox: one state at a time, same words as the Outbox', async () => {
    test.setTimeout(90_000);
    const h = ctx.h;
    const { page, sandbox } = h;
    const number = uniqueNumber();
    const panel = await draftTextTo(page, number, `offline once ${Date.now()}`);
    const send = panel.getByRole('button', { name: 'Send', exact: true });
    const status = panel.getByTestId('send-status');

    await sandbox.suspend();
    try {
      await send.click();
      const queued = panel.getByTestId('send-queued');
      await expect(queued).toContainText('In the outbox: it will be sent when the connection returns.');
      // said once: the cause follows, not a second "is in the outbox"
      expect(((await queued.textContent()) ?? '').match(/in the outbox/gi)).toHaveLength(1);
      await expect(queued).not.toContainText('queued');

      // the same draft again: held, with the reason, and nothing red
      await expect(send).toBeDisabled();
      await expect(panel.getByTestId('send-again-hint')).toHaveText(
        'This message is in the outbox. Change it to send another, or choose Send again to send it once more.',
      );
      await panel.getByLabel('Message text').press('Control+Enter');
      await expect(panel.getByRole('button', { name: 'Send again' })).toBeFocused();
      await expect(panel.getByTestId('send-error')).toHaveCount(0);
      await expect(status).toContainText('In the outbox');
      const problems = blocking(await a11yProblems(page));
      expect(problems, formatA11yProblems('Send Text, in the outbox', problems)).toEqual([]);
    } finally {
      await sandbox.resume();
    }

    await expect(panel.getByTestId('send-result')).toContainText('Sent from the outbox', { timeout: 30_000 });
    await expect(panel.getByTestId('send-error')).toHaveCount(0);
    await expect(panel.getByTestId('send-again-hint')).toHaveText(
      'This message was just sent. Change it to send another, or choose Send again to send it once more.',
    );
    expect(await messagesTo(h, number)).toHaveLength(1);

    await openSection(page, 'Outbox');
    await expect(page.getByRole('heading', { level: 2, name: /^Sent from the outbox \(\d+\)$/ })).toBeVisible();
  });
});
