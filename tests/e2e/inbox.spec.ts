// The Conversations screen (the inbox) against the real sandbox: a send and a send from another
// database writer (a `crm` process) each start a conversation, live; the contact who answers by
// webhook moves to the top with an unread count and "Needs an answer", and the window title says
// how many are unread; the filters narrow the list; the keyboard moves and opens; opening a
// conversation shows it beside the list and marks it read; a reload opens on Conversations.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSection, readmeScreenshot, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { contactAnswers, showConversation } from './support/conversation-steps';
import { formatPhone } from '../../src-main/shared/phone-display';
import { openDatabase } from '../../src-main/core/store/database';
import { SentMessagesTable } from '../../src-main/core/store/tables/sent-messages-table';
import { seedConversations, seededNumber } from './support/seed-conversations';

describeOnOneConsole('the inbox', (ctx) => {
  test('replies move their conversation to the top, unread and waiting; filters, keyboard and opening work', async () => {
    const { page, sandbox, core } = ctx.h;
    const first = uniqueNumber();
    const second = uniqueNumber();
    // the first contact answers a few seconds after our message, by webhook to the window's listener
    contactAnswers(sandbox, first, { replyDelayMs: 5_000, replyText: 'Where is my order?' });

    const panel = await showConversation(page, first);
    await panel.getByLabel('Reply').fill('Your order ships today');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(panel.getByTestId('conversation-reply-result')).toHaveText('Accepted by the service.');

    await openSection(page, 'Conversations');
    const rows = page.getByTestId('inbox-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('You: Your order ships today');

    // another process on the data folder (a `crm send`) records a send: it shows here, on top, live
    const profile = await core.profiles.active();
    const other = openDatabase(core.dataDir);
    try {
      await new SentMessagesTable(other).append({
        id: 'r_inbox_e2e',
        profileId: profile!.id,
        kind: 'text',
        number: second,
        text: 'Sent from the terminal',
        fileName: null,
        status: 'accepted',
        at: new Date().toISOString(),
        messageId: 'wamid.inbox.e2e',
        origin: 'sent',
      });
    } finally {
      other.close();
    }
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute('data-number', second);

    // the reply arrives: its conversation moves to the top, unread, waiting for an answer
    await expect(rows.first()).toHaveAttribute('data-number', first, { timeout: 20_000 });
    const top = rows.first();
    await expect(top).toContainText('Where is my order?');
    await expect(top.getByTestId('inbox-unread')).toHaveText('1');
    await expect(top.getByTestId('inbox-needs-answer')).toBeVisible();
    await expect(rows.nth(1).getByTestId('inbox-needs-answer')).toHaveCount(0);
    await expect(page).toHaveTitle('(1) CRM Console');
    await expect(page.getByTestId('nav-unread')).toHaveText('1');

    // the filters
    await page.getByTestId('inbox-filter-unread').click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-number', first);
    await page.getByTestId('inbox-filter-needs-answer').click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-number', first);
    await page.getByTestId('inbox-filter-window-closing').click();
    // the contact wrote just now: the window has 24 hours left, not closing
    await expect(page.getByTestId('inbox-empty')).toHaveText('No conversation matches this filter.');
    await page.getByTestId('inbox-filter-all').click();
    await expect(rows).toHaveCount(2);
    await readmeScreenshot(page, 'inbox');

    // the keyboard: into the list, End, Home, Arrow keys move; Enter opens
    const list = page.getByRole('listbox', { name: 'Conversations, newest first' });
    await list.focus();
    await page.keyboard.press('End');
    await expect(rows.nth(1)).toHaveClass(/is-active/);
    await page.keyboard.press('Home');
    await expect(rows.nth(0)).toHaveClass(/is-active/);
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toHaveClass(/is-active/);
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(0)).toHaveClass(/is-active/);
    await page.keyboard.press('Enter');
    const opened = page.getByTestId('conversation');
    await expect(opened.getByRole('heading', { name: `Conversation with ${formatPhone(first)}` })).toBeVisible();
    await expect(opened.getByTestId('conversation-in')).toContainText('Where is my order?');
    // opening marks it read: the count, the title and the nav say so
    await expect(top.getByTestId('inbox-unread')).toHaveCount(0);
    await expect(page).toHaveTitle('CRM Console');
    await expect(page.getByTestId('nav-unread')).toHaveCount(0);
    await page.getByTestId('inbox-filter-unread').click();
    await expect(page.getByTestId('inbox-empty')).toBeVisible();
    await page.getByTestId('inbox-filter-all').click();

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('inbox', problems)).toEqual([]);
  });

  test('with conversations stored, the window opens on Conversations', async () => {
    const { page } = ctx.h;
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Conversations', exact: true })).toBeVisible();
    await expect(page.getByTestId('inbox-row')).toHaveCount(2);
  });
});

describeOnOneConsole('the inbox at 100,000 conversations', (ctx) => {
  test('the list stays a window of rows: End reaches the oldest conversation, Home the newest', async () => {
    test.setTimeout(180_000);
    const { page, core } = ctx.h;
    const profile = await core.profiles.active();
    const count = 100_000;
    const number = seededNumber;
    // another writer on the data folder stores them (replies, as a busy webhook would), in one go
    seedConversations(core.dataDir, profile!.id, count);
    await openSection(page, 'Conversations');
    await expect(page.getByTestId('inbox-count')).toHaveText('100,000 conversations, 100,000 unread', { timeout: 20_000 });
    const rows = page.getByTestId('inbox-row');
    await expect(rows.first()).toHaveAttribute('data-number', number(count - 1));

    await page.getByRole('listbox', { name: 'Conversations, newest first' }).focus();
    await page.keyboard.press('End');
    const last = page.locator('[role="option"][aria-posinset="100000"]');
    await expect(last).toHaveAttribute('data-number', number(0), { timeout: 20_000 });
    await expect(last).toContainText('Question 0');
    // only the rows on screen (and a few either side) are in the document
    expect(await page.getByRole('option').count()).toBeLessThan(60);
    await page.keyboard.press('Home');
    await expect(page.locator('[role="option"][aria-posinset="1"]')).toHaveAttribute('data-number', number(count - 1));
  });
});
