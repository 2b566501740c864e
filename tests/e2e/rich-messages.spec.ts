// A Meta-shaped service's conversation shown richly: the contact's photo, document and voice note
// arrive by media id only (as Meta's webhooks name them), main downloads each with the key in the
// background and keeps it, and the window shows a thumbnail, a chip that opens the stored file
// and a player; a shared place is a card. Real sandbox (meta dialect), real webhooks, real HTTP.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { playgroundTabs } from '../../src-main/sandbox/index';
import type { DescribedOperation } from '../../src-main/core/api/types';
import { formatPhone } from '../../src-main/shared/phone-display';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSection, readmeScreenshot, sharedConsole, uniqueNumber } from './support/fixtures';
import type { ConsoleHarness } from './support/app-harness';

const TAB_OPERATION: Record<string, DescribedOperation> = {
  text: 'messages.text',
  media: 'messages.media',
  audio: 'messages.audio',
  upload: 'media.upload',
  template: 'messages.template',
  download: 'media.download',
};

/** the profile learns the service from its playground cURLs, as a person pasting them would */
async function teachMeta(h: ConsoleHarness): Promise<void> {
  const profile = await h.core.profiles.active();
  if (profile === null) throw new Error('no active profile');
  for (const tab of playgroundTabs('meta', h.sandbox.baseUrl)) {
    const operation = TAB_OPERATION[tab.id];
    if (operation === undefined) continue;
    const proposal = await h.core.api.propose(profile.id, operation, tab.curl);
    await h.core.api.save(profile.id, operation, proposal.spec);
  }
}

async function openConversation(page: Page, number: string): Promise<Locator> {
  await openSection(page, 'Messages');
  const filter = page.getByRole('search', { name: 'Filter messages by number' });
  await filter.getByLabel('Recipient number').fill(`+${number}`);
  await filter.getByRole('button', { name: 'Show', exact: true }).click();
  const panel = page.getByTestId('conversation');
  await expect(panel.getByRole('heading', { name: `Conversation with ${formatPhone(number)}` })).toBeVisible();
  return panel;
}

/** a reply typed in the panel; the sandbox's contact answers it with `reply` */
async function replyAndAwait(h: ConsoleHarness, panel: Locator, number: string, text: string, reply: 'image' | 'document' | 'audio' | 'location'): Promise<void> {
  h.sandbox.configureEvents({ replyFrom: [number], replyDelayMs: 200, replyText: 'Here it is', replyMedia: reply });
  const before = await panel.getByTestId('conversation-in').count();
  await panel.getByLabel('Reply').fill(text);
  await panel.getByRole('button', { name: 'Send reply' }).click();
  await expect(panel.getByTestId('conversation-in')).toHaveCount(before + 1, { timeout: 15_000 });
}

test.describe('rich messages from a Meta-shaped service', () => {
  test.describe.configure({ mode: 'serial' });
  const ctx = sharedConsole({ dialect: 'meta', contacts: 100 });

  test('a photo, a document and a voice note sent by media id are downloaded by main and shown; a shared place is a card', async () => {
    const h = ctx.h;
    const { page } = h;
    await teachMeta(h);
    const number = uniqueNumber();
    const panel = await openConversation(page, number);
    const received = panel.getByTestId('conversation-in');

    await replyAndAwait(h, panel, number, 'Could you send the photo?', 'image');
    const image = received.nth(0).getByTestId('conversation-image');
    await expect(image).toBeVisible({ timeout: 15_000 });
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(image).toHaveAttribute('alt', 'Image from the contact: image');
    await expect(received.nth(0)).toContainText('Here it is');

    await replyAndAwait(h, panel, number, 'And the invoice?', 'document');
    const chip = received.nth(1).getByTestId('conversation-file');
    await expect(chip).toBeVisible({ timeout: 15_000 });
    await expect(chip).toContainText('invoice.pdf');
    await expect(chip).toContainText(/\d+ bytes · application\/pdf/);
    await expect(chip.getByRole('button', { name: 'Open invoice.pdf' })).toBeVisible();

    await replyAndAwait(h, panel, number, 'Can you tell me by voice?', 'audio');
    const player = received.nth(2).getByTestId('conversation-audio');
    await expect(player).toBeVisible({ timeout: 15_000 });
    await expect(player).toHaveAttribute('controls', '');
    await expect(player).toHaveAttribute('src', /^data:audio\/wav;base64,/);

    await replyAndAwait(h, panel, number, 'Where are you?', 'location');
    const place = received.nth(3).getByTestId('conversation-location');
    await expect(place).toContainText('Avenida Paulista');
    await expect(place).toContainText('Av. Paulista, 1578');
    await expect(place).toContainText('-23.56168, -46.65598');

    // the files were fetched with the key from the service's own media lookup, each once
    const lookups = h.sandbox.requests().filter((r) => r.method === 'GET' && /^\/v23\.0\/9\d{15}$/.test(r.path));
    expect(lookups).toHaveLength(3);
    expect(h.sandbox.requests().filter((r) => r.path.startsWith('/whatsapp_business/attachments/'))).toHaveLength(3);

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('rich conversation', problems)).toEqual([]);
    await received.nth(3).scrollIntoViewIfNeeded();
    await readmeScreenshot(page, 'rich-conversation');
  });
});
