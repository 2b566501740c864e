// Quoted replies and reactions in the conversation panel, against the real sandbox and the app's
// own webhook listener: the contact's reply quotes our message and shows that quote, the
// contact's 👍 shows on our message (never as a line of its own), we quote the contact's reply
// (the sandbox receives replyTo) and react to it and take the reaction back. Real keyboard.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { journalMark, journalSince, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { contactAnswers, openConversation } from './support/conversation-steps';

describeOnOneConsole('quick answers in the conversation', (ctx) => {
  const number = uniqueNumber();

  test("the contact's quoted reply shows its quote, and its 👍 shows on our message", async () => {
    const { page, sandbox } = ctx.h;
    contactAnswers(sandbox, number, {
      replyDelayMs: 500,
      replyText: 'Thanks, got it',
      replyQuotes: true,
      replyReaction: '👍',
    });

    const panel = await openConversation(page, number);

    await panel.getByRole('textbox', { name: 'Reply', exact: true }).click();
    await page.keyboard.type('Your order ships today');
    await page.keyboard.press('Control+Enter');
    await expect(panel.getByTestId('conversation-reply-result')).toHaveText('Accepted by the service.');

    const incoming = panel.getByTestId('conversation-in');
    await expect(incoming).toHaveCount(1, { timeout: 15_000 });
    await expect(incoming.getByTestId('conversation-quote')).toHaveText('Your order ships today');
    await expect(incoming).toContainText('Thanks, got it');
    const sent = panel.getByTestId('conversation-out');
    await expect(sent.getByTestId('reaction-contact')).toHaveText('👍', { timeout: 15_000 });
    await expect(sent.getByTestId('conversation-reactions')).toHaveAccessibleName('Reactions: the contact reacted 👍');
    // a reaction is never a line of its own
    await expect(incoming).toHaveCount(1);
  });

  test("we quote the contact's reply: the reply box shows the quote, × cancels it, and the sandbox receives replyTo", async () => {
    const { page } = ctx.h;
    // no more answers: the next lines are ours alone
    ctx.h.sandbox.configureEvents({ replyFrom: [], replyQuotes: false, replyReaction: null });
    const panel = page.getByTestId('conversation');
    const incoming = panel.getByTestId('conversation-in');

    await incoming.getByRole('button', { name: 'Quote: Thanks, got it' }).press('Enter');
    const quoting = panel.getByTestId('conversation-quoting');
    await expect(quoting).toContainText('Replying to: Thanks, got it');
    await quoting.getByRole('button', { name: 'Cancel the quote' }).press('Enter');
    await expect(quoting).toHaveCount(0);

    await incoming.getByRole('button', { name: 'Quote: Thanks, got it' }).click();
    const mark = journalMark(ctx.h);
    await panel.getByRole('textbox', { name: 'Reply', exact: true }).click();
    await page.keyboard.type('Tracking number BR123');
    await page.keyboard.press('Control+Enter');
    await expect(panel.getByTestId('conversation-reply-result')).toHaveText('Accepted by the service.');
    await expect(quoting).toHaveCount(0);

    const posted = journalSince(ctx.h, mark, { method: 'POST', path: '/api/v1/messages/text' });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.json).toMatchObject({ text: 'Tracking number BR123', replyTo: expect.stringMatching(/^in_/) });
    const ours = panel.getByTestId('conversation-out').last();
    await expect(ours).toContainText('Tracking number BR123');
    await expect(ours.getByTestId('conversation-quote')).toHaveText('Thanks, got it');

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('quoted reply', problems)).toEqual([]);
  });

  test('we react ❤️ to the contact’s reply from the keyboard, and take it back', async () => {
    const { page } = ctx.h;
    const panel = page.getByTestId('conversation');
    const incoming = panel.getByTestId('conversation-in');
    const mark = journalMark(ctx.h);

    await incoming.getByRole('button', { name: 'React to: Thanks, got it' }).press('Enter');
    const bar = incoming.getByRole('group', { name: 'Reactions', exact: true });
    // the bar takes the focus; Escape closes it
    await expect(bar.getByRole('button', { name: 'React 👍' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);

    await incoming.getByRole('button', { name: 'React to: Thanks, got it' }).press('Enter');
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('button', { name: 'React ❤️' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(incoming.getByTestId('reaction-ours')).toHaveText('❤️');
    await expect(bar).toHaveCount(0);
    const reactions = journalSince(ctx.h, mark, { method: 'POST', path: '/api/v1/messages/reaction' });
    expect(reactions.map((r) => (r.json as { emoji: string }).emoji)).toEqual(['❤️']);

    await incoming.getByRole('button', { name: 'React to: Thanks, got it' }).click();
    await bar.getByRole('button', { name: 'Remove my reaction' }).click();
    await expect(incoming.getByTestId('reaction-ours')).toHaveCount(0);
    expect(
      journalSince(ctx.h, mark, { method: 'POST', path: '/api/v1/messages/reaction' }).map((r) => (r.json as { emoji: string }).emoji),
    ).toEqual(['❤️', '']);
  });

  test('/ picks a canned response from the keyboard, asks its parameter, and the reply goes', async () => {
    const { page, core } = ctx.h;
    // stored as `crm canned add --shared` stores it: the window reads it when the list opens
    await core.canned.add({ name: 'order-status', text: 'Order {{order}} for {{contact.number}} ships today.', shared: true });
    await core.canned.add({ name: 'thanks', text: 'Thank you!' });
    const panel = page.getByTestId('conversation');
    const box = panel.getByRole('textbox', { name: 'Reply', exact: true });
    await box.click();
    await page.keyboard.type('/');
    const list = panel.getByRole('listbox', { name: 'Canned responses' });
    await expect(list.getByRole('option')).toHaveCount(2);
    await page.keyboard.type('ord');
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option', { selected: true })).toContainText('/order-status');

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('canned list', problems)).toEqual([]);

    await page.keyboard.press('Enter');
    const order = panel.getByRole('group', { name: 'Fill in /order-status' }).getByRole('textbox', { name: 'order' });
    await expect(order).toBeFocused();
    await page.keyboard.type('#1042');
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue(`Order #1042 for ${number} ships today.`);
    await expect(box).toBeFocused();

    const mark = journalMark(ctx.h);
    await page.keyboard.press('Control+Enter');
    await expect(panel.getByTestId('conversation-reply-result')).toHaveText('Accepted by the service.');
    const posted = journalSince(ctx.h, mark, { method: 'POST', path: '/api/v1/messages/text' });
    expect(posted.map((r) => r.json)).toEqual([{ number, text: `Order #1042 for ${number} ships today.` }]);
  });
});
