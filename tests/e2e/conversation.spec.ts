// A contact's conversation in the window: Messages filtered by one number shows what was sent
// with how far each message got, and the contact's replies, live as the sandbox's webhooks reach
// the app's own listener; a reply typed in the panel goes out with Ctrl+Enter. The default API
// does not enforce WhatsApp's 24-hour window, so no warning is shown for it; a template sent from
// Send Template is delivered where a free-form message fails. Real keyboard, real sandbox, real HTTP.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSendTo, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { contactAnswers, openConversation, showConversation } from './support/conversation-steps';
import { formatPhone } from '../../src-main/shared/phone-display';

describeOnOneConsole('the conversation panel', (ctx) => {
  test('a reply sent with Ctrl+Enter is read by the contact, who answers; the 24-hour window opens', async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    contactAnswers(sandbox, number, { replyDelayMs: 700, replyText: 'Thanks, got it' });

    const panel = await openConversation(page, number);
    // the default API does not enforce the window: no warning; no event arrived yet: only a link to Profiles
    await expect(panel.getByTestId('conversation-events-setup')).toContainText('Events are not set up for this profile');
    await expect(panel.getByTestId('conversation-window')).toHaveCount(0);

    const reply = panel.getByLabel('Reply');
    await reply.click();
    await page.keyboard.type('Your order ships today');
    await page.keyboard.press('Control+Enter');
    await expect(panel.getByTestId('conversation-reply-result')).toHaveText('Accepted by the service.');
    await expect(reply).toHaveValue('');

    const sent = panel.getByTestId('conversation-out');
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText('Your order ships today');
    // no reload: conversation:changed from main each time the sandbox's webhook arrives
    await expect(sent.getByTestId('delivery-state')).toHaveText('Read', { timeout: 15_000 });
    await expect(panel.getByTestId('conversation-in')).toContainText('Thanks, got it', { timeout: 15_000 });
    await expect(panel.getByTestId('conversation-window')).toHaveCount(0);
    // the events arrive: the link to set them up is gone
    await expect(panel.getByTestId('conversation-events-setup')).toHaveCount(0);

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('conversation', problems)).toEqual([]);
  });

  test("a number outside the window: the failure carries the service's reason", async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    sandbox.configureEvents({ statusDelaysMs: [100, 200, 400], failNumbers: [number] });
    const filter = page.getByRole('search', { name: 'Filter messages by number' });
    await filter.getByLabel('Recipient number').fill(number);
    await filter.getByRole('button', { name: 'Show', exact: true }).click();
    const panel = page.getByTestId('conversation');
    await expect(panel.getByRole('heading', { name: `Conversation with ${formatPhone(number)}` })).toBeVisible();
    await panel.getByLabel('Reply').fill('Are you there?');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(panel.getByTestId('delivery-state')).toHaveText(/^Failed: .*24-hour window/, { timeout: 15_000 });
  });

  test('a number outside the window gets a template from Send Template, delivered where free-form messages fail', async () => {
    const { page, sandbox } = ctx.h;
    const number = uniqueNumber();
    // the sandbox plays this number as outside the window: only a template reaches it
    sandbox.configureEvents({ statusDelaysMs: [3_600_000, 3_600_000, 3_600_000], failNumbers: [number] });
    const panel = await showConversation(page, number);
    await expect(panel.getByRole('heading', { name: `Conversation with ${formatPhone(number)}` })).toBeVisible();
    await expect(panel.getByTestId('conversation-window')).toHaveCount(0);

    const form = await openSendTo(page, 'Send Template', number);
    // the template's own rules first: nothing is sent with an empty parameter
    await form.getByLabel('Template name').click();
    await page.keyboard.type('order_update');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('pt_BR');
    await form.getByRole('button', { name: 'Add parameter' }).press('Enter');
    await form.getByRole('textbox', { name: 'Parameter {{1}}' }).press('Control+Enter');
    const empty = form.getByText('Parameter {{1}} is empty: every parameter of the template needs a text', { exact: true });
    await expect(empty).toBeVisible();
    await expect(form.getByTestId('send-result')).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Parameter {{1}}' }).click();
    await page.keyboard.type('#1042');
    // what was wrong goes as it is fixed: under the field, and the "Not sent" of the draft before
    await expect(empty).toHaveCount(0);
    await expect(form.getByTestId('send-error')).toHaveCount(0);
    await page.keyboard.press('Control+Enter');
    await expect(form.getByTestId('send-result')).toContainText('Sent: message');

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('send template', problems)).toEqual([]);

    await showConversation(page, number);
    const sent = panel.getByTestId('conversation-out');
    await expect(sent).toHaveCount(1);
    // the service listed the template's body: the line reads as the contact reads it
    await expect(sent).toContainText('Your order #1042 has an update.');
    await expect(sent.getByTestId('delivery-state')).toHaveText('Accepted by the service');

    // the clock sped up: the template is delivered and read, never failed like a free-form message
    sandbox.configureEvents({ statusDelaysMs: [100, 200, 400] });
    await openSendTo(page, 'Send Template', number);
    await form.getByRole('textbox', { name: 'Parameter {{1}}' }).fill('#1043');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(form.getByTestId('send-result')).toContainText('Sent: message');
    await showConversation(page, number);
    await expect(sent).toHaveCount(2);
    await expect(sent.nth(1)).toContainText('Your order #1043 has an update.');
    await expect(sent.nth(1).getByTestId('delivery-state')).toHaveText('Read', { timeout: 15_000 });
  });
});
