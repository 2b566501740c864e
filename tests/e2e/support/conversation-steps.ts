// Steps several conversation specs take alike: a profile learning some of a dialect's operations
// from its playground cURLs (as a person pasting them would), the Messages view opened on one
// number's conversation, a contact who answers, and a reply sent there that the contact answers.
import { expect, type Locator, type Page } from '@playwright/test';
import { playgroundTabs, type SandboxDialect } from '../../../src-main/sandbox/index';
import type { DescribedOperation } from '../../../src-main/core/api/types';
import type { Profile } from '../../../src-main/core/model';
import type { SandboxEventOptions } from '../../../src-main/sandbox/types';
import { formatPhone } from '../../../src-main/shared/phone-display';
import type { ConsoleHarness } from './app-harness';
import { openSection } from './fixtures';

/** the active profile learns each listed playground tab's operation; answers that profile */
export async function learnFromPlayground(
  h: ConsoleHarness,
  dialect: SandboxDialect,
  operations: Record<string, DescribedOperation>,
): Promise<Profile> {
  const profile = await h.core.profiles.active();
  if (profile === null) throw new Error('no active profile');
  for (const tab of playgroundTabs(dialect, h.sandbox.baseUrl)) {
    const operation = operations[tab.id];
    if (operation === undefined) continue;
    const proposal = await h.core.api.propose(profile.id, operation, tab.curl);
    await h.core.api.save(profile.id, operation, proposal.spec);
  }
  return profile;
}

/** the sandbox's status clock sped up (read within half a second) and `number` answering each message as `reply` says */
export function contactAnswers(
  sandbox: ConsoleHarness['sandbox'],
  number: string,
  reply: Omit<SandboxEventOptions, 'statusDelaysMs' | 'replyFrom'>,
): void {
  sandbox.configureEvents({ statusDelaysMs: [100, 200, 400], replyFrom: [number], ...reply });
}

/** opens Messages and filters it by one recipient, typed as a person writes it */
export async function filterMessagesBy(page: Page, typed: string): Promise<void> {
  await openSection(page, 'Messages');
  const filter = page.getByRole('search', { name: 'Filter messages by number' });
  await filter.getByLabel('Recipient number').fill(typed);
  await filter.getByRole('button', { name: 'Show', exact: true }).click();
}

/** Messages filtered by `typed`; answers the conversation panel without waiting for it */
export async function showConversation(page: Page, typed: string): Promise<Locator> {
  await filterMessagesBy(page, typed);
  return page.getByTestId('conversation');
}

/** a reply typed and sent in the conversation panel, once the contact's answer to it shows (one more incoming line) */
export async function replyAndAwaitAnswer(panel: Locator, text: string): Promise<void> {
  const before = await panel.getByTestId('conversation-in').count();
  await panel.getByLabel('Reply').fill(text);
  await panel.getByRole('button', { name: 'Send reply' }).click();
  await expect(panel.getByTestId('conversation-in')).toHaveCount(before + 1, { timeout: 15_000 });
}

/** Messages filtered by `number` (digits), once its conversation's heading shows */
export async function openConversation(page: Page, number: string): Promise<Locator> {
  const panel = await showConversation(page, `+${number}`);
  await expect(panel.getByRole('heading', { name: `Conversation with ${formatPhone(number)}` })).toBeVisible();
  return panel;
}
