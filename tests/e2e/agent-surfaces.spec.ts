// The surfaces a support agent uses, tried as a new agent would, against the real sandbox: Send
// Template beside the other panels (endpoint, cURL, the service's approved templates); the
// webhook address and signing on the profile's page, the conversation showing only a link there;
// no 24-hour warning for the default API, and a Wati-shaped service's own refusal ("Ticket has
// been expired") read as one plain hint that leads to Send Template; field problems that follow
// what is typed, an emptied box after a success that is not an error, and "Not sent" cleared by
// a profile switch.
import { expect, test, type Page } from '@playwright/test';
import { playgroundTabs } from '../../src-main/sandbox/index';
import { OUTSIDE_WINDOW_HINT } from '../../src-main/shared/service-window';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import {
  journalMark,
  journalSince,
  openApiTab,
  openSendTab,
  openSendTo,
  previewOf,
  readmeScreenshot,
  settledCurl,
  uniqueNumber,
} from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { showConversation } from './support/conversation-steps';
import { addKeylessProfile } from './support/profiles-screen';

async function switchProfile(page: Page, name: string): Promise<void> {
  await page.getByTestId('profile-switcher').selectOption({ label: name });
  await expect(page.getByTestId('active-profile')).toContainText(name);
}

describeOnOneConsole('the agent surfaces on the default API', (ctx) => {
  test('Send Template shows its endpoint and cURL, offers the approved templates, and sends one', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const panel = await openSendTo(page, 'Send Template', number);
    await panel.getByLabel('Approved template').selectOption({ label: 'order_update (pt_BR)' });
    await expect(panel.getByText('Its text: Your order {{1}} has an update.')).toBeVisible();
    await expect(panel.getByLabel('Template name')).toHaveValue('order_update');
    await expect(panel.getByLabel('Language')).toHaveValue('pt_BR');
    await panel.getByRole('textbox', { name: 'Parameter {{1}}' }).fill('#2001');

    await expect(previewOf(page).endpoint).toContainText('/api/v1/messages/template');
    const curl = await settledCurl(page, '"name":"order_update"', '"language":"pt_BR"', '#2001');
    expect(curl).toContain(`"number":"${number}"`);
    await readmeScreenshot(page, 'send-template');

    const mark = journalMark(ctx.h);
    await panel.getByRole('textbox', { name: 'Parameter {{1}}' }).press('Control+Enter');
    await expect(panel.getByTestId('send-result')).toContainText('Sent: message');
    const posts = journalSince(ctx.h, mark, { method: 'POST' });
    expect(posts.map((p) => p.path)).toEqual(['/api/v1/messages/template']);
    expect(posts[0]!.json).toMatchObject({ number, template: { name: 'order_update', language: 'pt_BR', params: ['#2001'] } });

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('Send Template', problems)).toEqual([]);
  });

  test('the conversation shows no 24-hour warning for the default API, and only a link to set events up in Profiles', async () => {
    const { page } = ctx.h;
    const panel = await showConversation(page, uniqueNumber());
    await expect(panel.getByRole('heading', { name: /^Conversation with/ })).toBeVisible();
    await expect(panel.getByTestId('conversation-window')).toHaveCount(0);
    await expect(panel.getByRole('region', { name: 'Webhook signing' })).toHaveCount(0);
    await expect(panel.getByText(/webhooks\//)).toHaveCount(0);
    const link = panel.getByTestId('conversation-events-setup');
    await expect(link).toContainText('Events are not set up for this profile');

    await link.getByRole('button', { name: 'Set up in Profiles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
    const edit = page.getByTestId('edit-profile');
    await expect(edit.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    await expect(edit.getByTestId('webhook-address')).toContainText(/http:\/\/127\.0\.0\.1:\d+\/webhooks\//);
    await expect(edit.getByRole('region', { name: 'Webhook signing' })).toBeVisible();
    await edit.getByRole('button', { name: 'Close' }).click();
  });

  test('"Number is too short" shows once the field is left and goes as the number is fixed', async () => {
    const { page } = ctx.h;
    const panel = await openSendTab(page, 'Send Text');
    const number = panel.getByLabel('Recipient number');
    await number.fill('');
    await number.click();
    await page.keyboard.type('55119');
    await expect(panel.getByText(/Number is too short/)).toHaveCount(0); // still typing: no red
    await page.keyboard.press('Tab');
    await expect(panel.getByText(/Number is too short: 5 digits/)).toBeVisible();
    await number.click();
    await page.keyboard.press('End');
    await page.keyboard.type('9999000');
    await expect(panel.getByText(/Number is too short/)).toHaveCount(0);
    await expect(number).toHaveAttribute('aria-invalid', 'false');
  });

  test('after a successful send the box is empty for the next message, with no error', async () => {
    const { page } = ctx.h;
    const panel = await openSendTo(page, 'Send Text', uniqueNumber());
    const text = panel.getByLabel('Message text');
    await text.fill('Your order ships today');
    await text.press('Control+Enter');
    await expect(panel.getByTestId('send-result')).toContainText('Sent: message');
    await expect(text).toHaveValue('');
    await expect(text).toHaveAttribute('aria-invalid', 'false');
    await expect(panel.getByText('Text is empty')).toHaveCount(0);
    // leaving the empty box right after the success is still no error
    await text.focus();
    await page.keyboard.press('Tab');
    await expect(panel.getByText('Text is empty')).toHaveCount(0);
  });

  test('switching profile clears "Not sent", and coming back does not bring it back', async () => {
    const h = ctx.h;
    const { page } = h;
    // a second profile with no key: its send fails, which makes "Not sent" easy to see
    await addKeylessProfile(h, 'Staging');
    await switchProfile(page, 'Staging');
    const panel = await openSendTo(page, 'Send Text', '5511999990000');
    await panel.getByLabel('Message text').fill('for staging');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-error')).toContainText('Not sent');

    await switchProfile(page, 'Sandbox');
    await expect(panel.getByTestId('send-error')).toHaveCount(0);
    await switchProfile(page, 'Staging');
    await expect(panel.getByLabel('Message text')).toHaveValue('for staging');
    await expect(panel.getByTestId('send-error')).toHaveCount(0);
    await switchProfile(page, 'Sandbox');
  });
});

describeOnOneConsole('a Wati-shaped service', { dialect: 'wati' }, (ctx) => {
  // the wati sandbox's rule: a number ending in 47 has not written in the last 24 hours
  const outside = '5511999990047';

  test('its own refusal ("Ticket has been expired") reads as the plain hint, which leads to Send Template for the contact', async () => {
    const { page, sandbox } = ctx.h;
    const tab = playgroundTabs('wati', sandbox.baseUrl).find((t) => t.id === 'text')!;
    const edit = await openApiTab(page);
    await edit.getByRole('table', { name: 'Operations' }).getByRole('button', { name: 'Edit Send Text' }).click();
    const editor = edit.getByTestId('api-editor');
    await editor.getByLabel('Paste the cURL from the service’s playground').fill(tab.curl);
    await editor.getByRole('button', { name: 'Read cURL' }).click();
    await expect(editor.getByRole('table', { name: 'Fields of Send Text' })).toBeVisible();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByTestId('api-save-status')).toHaveText('Saved: Send Text now follows this description.');

    const panel = await openSendTo(page, 'Send Text', outside);
    await panel.getByLabel('Message text').fill('Are you still there?');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-error')).toContainText('Ticket has been expired');
    const hint = panel.getByTestId('window-hint');
    await expect(hint).toContainText(OUTSIDE_WINDOW_HINT);

    await hint.getByRole('button', { name: 'Open Send Template' }).click();
    await expect(page.getByRole('tab', { name: 'Send Template' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByLabel('Recipient number')).toHaveValue(outside);
  });

  test("the conversation warns before a free-form message: Wati's shape enforces the window", async () => {
    const { page } = ctx.h;
    const panel = await showConversation(page, uniqueNumber());
    await expect(panel.getByTestId('conversation-window')).toContainText(OUTSIDE_WINDOW_HINT);
    await panel.getByTestId('conversation-window').getByRole('button', { name: 'Open Send Template' }).click();
    await expect(page.getByRole('tab', { name: 'Send Template' })).toHaveAttribute('aria-selected', 'true');
  });
});
