// Search across every conversation in the window: messages sent from the conversation panel and
// the contact's reply (posted by the sandbox to the app's own listener) are found with
// Ctrl+Shift+F as the person types, accents and case aside; hostile text is read as words; and
// choosing a hit with the keyboard opens its conversation with the message in view and focused.
// Real keyboard, real sandbox, real HTTP.
import { expect, test, type Page } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSection, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { contactAnswers, openConversation } from './support/conversation-steps';
import { formatPhone } from '../../src-main/shared/phone-display';

async function sendFromPanel(page: Page, number: string, text: string): Promise<void> {
  const panel = await openConversation(page, number);
  await panel.getByLabel('Reply').fill(text);
  await panel.getByRole('button', { name: 'Send reply' }).click();
  await expect(panel.getByTestId('conversation-reply-result')).toHaveText('Accepted by the service.');
}

describeOnOneConsole('searching every conversation', (ctx) => {
  const contact = uniqueNumber();
  const other = uniqueNumber();

  test('finds sends and replies as the person types, and opens the chosen message in its conversation', async () => {
    const { page, sandbox } = ctx.h;
    contactAnswers(sandbox, contact, { replyDelayMs: 300, replyText: 'Ação do João: o pedido chegou!' });
    await sendFromPanel(page, contact, 'Seu pedido 4471 saiu para entrega');
    await expect(page.getByTestId('conversation-in')).toContainText('o pedido chegou', { timeout: 15_000 });
    await sendFromPanel(page, other, 'O boleto vence amanhã');

    await openSection(page, 'Contacts');
    await page.keyboard.press('Control+Shift+F');
    const dialog = page.getByRole('dialog', { name: 'Search messages' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('search').getByRole('combobox', { name: 'Words to find in every conversation' });
    await expect(field).toBeFocused();
    const hits = dialog.getByRole('option');
    const status = dialog.getByTestId('message-search-status');

    // accents and case aside, the last word found as it is typed
    await page.keyboard.type('ACAO joa');
    await expect(hits).toHaveCount(1);
    await expect(hits.first().locator('mark')).toHaveText(['Ação', 'João']);
    await expect(status).toHaveText('1 message matches.');

    await field.fill('');
    await page.keyboard.type('pedido');
    await expect(hits).toHaveCount(2);
    await expect(status).toHaveText('2 messages match.');
    // newest first: the contact's reply, then what was sent
    await expect(hits.nth(0)).toContainText(`From ${formatPhone(contact)}`);
    await expect(hits.nth(1)).toContainText(`To ${formatPhone(contact)}`);
    await expect(hits.nth(1).locator('mark')).toHaveText('pedido');

    // search syntax and punctuation are words, or a reason, never an error from the index
    await field.fill('"pedido" OR NEAR(');
    await expect(status).toHaveText('No messages match.');
    await expect(hits).toHaveCount(0);
    await field.fill('?! 🙂');
    await expect(status).toContainText('punctuation and emoji are not indexed');
    await field.fill('boleto');
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).toContainText(`To ${formatPhone(other)}`);

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('message search', problems)).toEqual([]);

    // arrows move through the list while focus stays in the field; Enter opens the highlighted one
    await field.fill('pedido');
    await expect(hits).toHaveCount(2);
    await expect(hits.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(field).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    const panel = page.getByTestId('conversation');
    await expect(
      panel.getByRole('heading', { name: new RegExp(`Conversation with .*${formatPhone(contact).replace(/[+()]/g, '\\$&')}`) }),
    ).toBeVisible();
    const found = panel.locator('.message-found');
    await expect(found).toHaveCount(1);
    await expect(found).toHaveAttribute('data-testid', 'conversation-out');
    await expect(found).toContainText('Seu pedido 4471 saiu para entrega');
    await expect(found).toBeFocused();
    await expect(found).toBeInViewport();

    // the palette offers the same search; Escape closes it and nothing else changes
    await page.keyboard.press('Control+K');
    await page.keyboard.type('search mess');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(field).toHaveValue('pedido');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
