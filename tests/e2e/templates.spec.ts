// The Templates screen against the sandbox's Meta dialect: every template listed with its state,
// a new one submitted from the form that shows PENDING and turns APPROVED live, a draft over
// WhatsApp's limits refused with what is wrong and nothing sent, Edit on a row submitting the
// prefilled form as an edit that goes back to review, and the Send Template panel's
// "will this send?" refusing a template the review rejected, naming why, and its Send refusing to
// send it. Real sandbox, real HTTP.
import { expect, test, type Page } from '@playwright/test';
import { BUSINESS_ACCOUNT_ID } from '../../src-main/sandbox/dialects/meta-phone';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { learnFromPlayground } from './support/conversation-steps';
import { openSection, openSendTo, readmeScreenshot, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const LISTING = `/v23.0/${BUSINESS_ACCOUNT_ID}/message_templates`;

async function submit(page: Page, fields: { name: string; body: string; samples?: string; header?: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel(/^Body/).fill(fields.body);
  await form.getByLabel(/^Sample values/).fill(fields.samples ?? '');
  await form.getByLabel(/^Header text/).fill(fields.header ?? '');
  await form.getByRole('button', { name: 'Submit for review' }).click();
}

describeOnOneConsole('the Templates screen', { dialect: 'meta', contacts: 20 }, (ctx) => {
  test('lists every template with its state; a new one is PENDING, then APPROVED without a reload', async () => {
    const { h } = ctx;
    const { page } = h;
    const profile = await learnFromPlayground(h, 'meta', { text: 'messages.text' });
    await h.core.api.save(profile.id, 'templates.list', { method: 'GET', path: LISTING, query: [], headers: [], body: null });
    await openSection(page, 'Templates');
    const hello = page.getByTestId('template-hello_world-en_US');
    await expect(hello).toContainText('APPROVED');
    await expect(hello).toContainText('GREEN');
    await expect(hello).toContainText('UTILITY');
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('Templates screen', problems)).toEqual([]);

    await submit(page, { name: 'welcome_back', body: 'Welcome back, {{1}}!', samples: 'Ana' });
    const row = page.getByTestId('template-welcome_back-en_US');
    await expect(row.getByTestId('template-status')).toHaveText('PENDING');
    await expect(row.getByTestId('template-status')).toHaveText('APPROVED', { timeout: 15_000 });
    await readmeScreenshot(page, 'templates');
  });

  test('Edit opens the form prefilled; its submission is an edit, PENDING again, then APPROVED', async () => {
    const { page } = ctx.h;
    const edits = () => ctx.h.sandbox.requests().filter((r) => r.method === 'POST' && /^\/v23\.0\/\d+$/.test(r.path));
    const before = edits().length;
    const creates = ctx.h.sandbox.requests().filter((r) => r.method === 'POST' && r.path === LISTING).length;
    await page.getByRole('button', { name: 'Edit welcome_back (en_US)' }).click();
    const form = page.getByRole('form', { name: 'Edit welcome_back (en_US)' });
    await expect(form.getByLabel('Name')).toHaveValue('welcome_back');
    await expect(form.getByLabel(/^Body/)).toHaveValue('Welcome back, {{1}}!');
    await form.getByLabel(/^Body/).fill('Welcome back, {{1}}! We kept your cart.');
    await form.getByLabel(/^Sample values/).fill('Ana');
    await form.getByRole('button', { name: 'Submit edit for review' }).click();
    const row = page.getByTestId('template-welcome_back-en_US');
    await expect(row.getByTestId('template-status')).toHaveText('PENDING');
    await expect(row.getByTestId('template-status')).toHaveText('APPROVED', { timeout: 15_000 });
    expect(edits()).toHaveLength(before + 1);
    expect(ctx.h.sandbox.requests().filter((r) => r.method === 'POST' && r.path === LISTING)).toHaveLength(creates);
    await expect(page.getByRole('form', { name: 'New template' })).toBeVisible();
  });

  test('a draft over the limits is refused with what is wrong, and nothing is sent', async () => {
    const { page } = ctx.h;
    const before = ctx.h.sandbox.requests().filter((r) => r.method === 'POST' && r.path === LISTING).length;
    await submit(page, { name: 'too_long_header', body: 'Hi {{1}}', samples: 'Ana', header: 'h'.repeat(61) });
    await expect(page.getByTestId('template-submit-error')).toContainText('is 61 characters; at most 60');
    expect(ctx.h.sandbox.requests().filter((r) => r.method === 'POST' && r.path === LISTING)).toHaveLength(before);
  });

  test('the Send Template panel refuses a rejected template, naming why', async () => {
    const { page } = ctx.h;
    await submit(page, { name: 'reject_promo', body: 'Big sale today' });
    const row = page.getByTestId('template-reject_promo-en_US');
    await expect(row.getByTestId('template-status')).toHaveText('REJECTED', { timeout: 15_000 });
    await expect(row).toContainText('INVALID_FORMAT');
    const panel = await openSendTo(page, 'Send Template', `+${uniqueNumber()}`);
    await panel.getByTestId('template-name').fill('reject_promo');
    await panel.getByLabel('Language').fill('en_US');
    const said = 'Will not send: Template reject_promo (en_US) was rejected (INVALID_FORMAT): edit it and submit it again';
    await expect(panel.getByTestId('template-send-check')).toHaveText(said);
    await expect(panel.getByRole('alert').filter({ hasText: 'Will not send' })).toBeVisible();

    // Send refuses it too, as crm send template does: the reason is the result and nothing reaches the service
    const sends = () => ctx.h.sandbox.requests().filter((r) => r.method !== 'GET').length;
    const before = sends();
    await panel.getByTestId('send-button').click();
    await expect(panel.getByTestId('send-error')).toContainText('Not sent: Template reject_promo (en_US) was rejected (INVALID_FORMAT)');
    expect(sends()).toBe(before);
  });
});
