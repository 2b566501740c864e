// Read receipts from the Conversations screen to a Meta-shaped service (the sandbox's meta
// dialect, taught from its playground's Send Text and Mark as Read cURLs): opening a
// conversation makes the service receive `"status":"read"` for the contact's newest message,
// once; reopening sends nothing more; with the screen's switch off nothing is sent, and on again
// the next open tells the service of the newer message. Real sandbox, real webhooks, real HTTP.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { DescribedOperation } from '../../src-main/core/api/types';
import { formatPhone } from '../../src-main/shared/phone-display';
import { journalMark, journalSince, openSection, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { contactAnswers, learnFromPlayground, openConversation, replyAndAwaitAnswer } from './support/conversation-steps';
import type { ConsoleHarness } from './support/app-harness';

const TAB_OPERATION: Record<string, DescribedOperation> = { text: 'messages.text', read: 'messages.read' };

/** the profile learns the service from its playground cURLs, as a person pasting them would */
async function teachMeta(h: ConsoleHarness): Promise<string> {
  return (await learnFromPlayground(h, 'meta', TAB_OPERATION)).id;
}

/** the read receipts the app sent since `mark`, as the sandbox received them */
function receiptsSince(h: ConsoleHarness, mark: number): unknown[] {
  return journalSince(h, mark, { method: 'POST' })
    .filter((r) => (r.json as { status?: string } | undefined)?.status === 'read')
    .map((r) => r.json);
}

/** the contact's messages in the conversation, oldest first, as main stored them */
async function receivedIds(h: ConsoleHarness, profileId: string, number: string): Promise<string[]> {
  const thread = await h.core.conversations.thread({ profileId, number });
  return thread.items.flatMap((i) => (i.direction === 'in' && i.messageId !== null ? [i.messageId] : []));
}

/** a reply typed in the panel; the sandbox's contact answers it a moment later by webhook */
async function replyAndAwait(h: ConsoleHarness, panel: Locator, number: string, text: string): Promise<void> {
  contactAnswers(h.sandbox, number, { replyDelayMs: 200, replyText: 'Where is my order?' });
  await replyAndAwaitAnswer(panel, text);
}

function rowOf(page: Page, number: string): Locator {
  return page.locator(`[data-testid="inbox-row"][data-number="${number}"]`);
}

describeOnOneConsole('read receipts to a Meta-shaped service', { dialect: 'meta', contacts: 100 }, (ctx) => {
  const number = uniqueNumber();

  test("opening the conversation tells the service the contact's newest message was read, once", async () => {
    const h = ctx.h;
    const { page } = h;
    const profileId = await teachMeta(h);

    const messagesPanel = await openConversation(page, number);
    await replyAndAwait(h, messagesPanel, number, 'Your order ships today');
    const [first] = await receivedIds(h, profileId, number);

    const mark = journalMark(h);
    await openSection(page, 'Conversations');
    await expect(page.getByTestId('inbox-read-receipts')).toBeChecked();
    const row = rowOf(page, number);
    await expect(row.getByTestId('inbox-unread')).toHaveText('1');
    await row.click();
    // the heading names the contact as the service gave it, then the number
    await expect(page.getByTestId('conversation').getByRole('heading', { name: formatPhone(number) })).toBeVisible();
    await expect(row.getByTestId('inbox-unread')).toHaveCount(0);
    await expect
      .poll(() => receiptsSince(h, mark), { timeout: 15_000 })
      .toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: first }]);

    // opened again: the service already knows
    await row.click();
    await h.core.inbox.settleReceipts();
    expect(receiptsSince(h, mark)).toHaveLength(1);
    // the request log shows it like every other request of the profile
    expect(
      h.core.requestLog
        .list()
        .filter((e) => e.endpoint === 'messages.read')
        .map((e) => e.status),
    ).toEqual([200]);
  });

  test('switched off on the Conversations screen nothing is sent; on again, the next open tells the service of the newer message', async () => {
    const h = ctx.h;
    const { page } = h;
    const profileId = (await h.core.profiles.active())!.id;
    const mark = journalMark(h);
    const receipts = page.getByTestId('inbox-read-receipts');
    // a controlled box: it changes once main has stored the setting
    await receipts.click();
    await expect(receipts).not.toBeChecked();
    expect(h.core.inbox.readReceipts()).toEqual({ on: false });

    const panel = page.getByTestId('conversation');
    await replyAndAwait(h, panel, number, 'Tracking: BR123');
    const newer = (await receivedIds(h, profileId, number)).at(-1);
    await rowOf(page, number).click();
    await expect(rowOf(page, number).getByTestId('inbox-unread')).toHaveCount(0);
    await h.core.inbox.settleReceipts();
    expect(receiptsSince(h, mark)).toEqual([]);

    await receipts.click();
    await expect(receipts).toBeChecked();
    await rowOf(page, number).click();
    await expect
      .poll(() => receiptsSince(h, mark), { timeout: 15_000 })
      .toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: newer }]);
  });
});
