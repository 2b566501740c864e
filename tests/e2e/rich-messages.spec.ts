// A Meta-shaped service's conversation shown richly. This app's own template reads as its text
// with the parameters in place, its photo and voice note show as a picture and a player from the
// copies main kept. The contact's photo, document and voice note arrive by media id only (as
// Meta's webhooks name them), main downloads each with the key in the background and keeps it,
// and the window shows a thumbnail, a chip that opens the stored file and a player; a shared
// place and a shared contact are cards. Real sandbox (meta dialect), real webhooks, real HTTP, Chromium's fake
// microphone for the voice note.
import { expect, test, type Locator } from '@playwright/test';
import type { DescribedOperation } from '../../src-main/core/api/types';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { openSendTo, readmeScreenshot, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { learnFromPlayground, openConversation, replyAndAwaitAnswer } from './support/conversation-steps';
import type { ConsoleHarness } from './support/app-harness';
import { dropFile, pngBytes } from './support/media-files';
import { BUSINESS_ACCOUNT_ID, PHONE_NUMBER_ID } from '../../src-main/sandbox/dialects/meta-phone';

const TAB_OPERATION: Record<string, DescribedOperation> = {
  text: 'messages.text',
  media: 'messages.media',
  audio: 'messages.audio',
  upload: 'media.upload',
  download: 'media.download',
};

/** the profile learns the service from its playground cURLs, as a person pasting them would */
async function teachMeta(h: ConsoleHarness): Promise<void> {
  const profile = await learnFromPlayground(h, 'meta', TAB_OPERATION);
  // a template with body parameters, as Meta's reference writes it (the playground's hello_world has none)
  const body = {
    messaging_product: 'whatsapp',
    to: { $role: 'number' as const },
    type: 'template',
    template: {
      name: { $role: 'template_name' as const },
      language: { code: { $role: 'template_language' as const } },
      components: [{ type: 'body', parameters: [{ type: 'text', text: { $role: 'template_param' as const } }] }],
    },
  };
  await h.core.api.save(profile.id, 'messages.template', {
    method: 'POST',
    path: `/v23.0/${PHONE_NUMBER_ID}/messages`,
    query: [],
    headers: [],
    body,
    send: { messageId: null },
  });
  // the approved templates, as the service's own listing route gives them (a template's body)
  await h.core.api.save(profile.id, 'templates.list', {
    method: 'GET',
    path: `/v23.0/${BUSINESS_ACCOUNT_ID}/message_templates`,
    query: [],
    headers: [],
    body: null,
  });
}

/** a reply typed in the panel; the sandbox's contact answers it with `reply` */
async function replyAndAwait(
  h: ConsoleHarness,
  panel: Locator,
  number: string,
  text: string,
  reply: 'image' | 'document' | 'audio' | 'location' | 'contacts',
): Promise<void> {
  h.sandbox.configureEvents({ replyFrom: [number], replyDelayMs: 200, replyText: 'Here it is', replyMedia: reply });
  await replyAndAwaitAnswer(panel, text);
}

describeOnOneConsole('rich messages from a Meta-shaped service', { dialect: 'meta', contacts: 100 }, (ctx) => {
  const number = uniqueNumber();

  test('own sends: a template reads as its text, a photo as a picture, a voice note as a player', async () => {
    const h = ctx.h;
    const { page } = h;
    await teachMeta(h);
    const template = await openSendTo(page, 'Send Template', `+${number}`);
    await template.getByLabel('Approved template').selectOption({ label: 'order_update (pt_BR)' });
    await template.getByRole('textbox', { name: 'Parameter {{1}}' }).fill('#1042');
    await template.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(template.getByTestId('send-result')).toContainText(/Sent: message wamid\.\S+/);
    const panel = await openConversation(page, number);
    const sent = panel.getByTestId('conversation-out');
    await expect(sent.nth(0)).toContainText('Your order #1042 has an update.');
    await expect(sent.nth(0)).not.toContainText('order_update (pt_BR)');

    const media = await openSendTo(page, 'Send Media', `+${number}`);
    await media.getByRole('radio', { name: 'Image' }).check();
    await dropFile(media.getByTestId('drop-zone-media'), { name: 'shelf.png', type: 'image/png', bytes: pngBytes(48, 32) });
    await media.getByLabel('Caption (optional)').fill('The shelf you asked about');
    await media.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(media.getByTestId('send-result')).toContainText(/Sent: message wamid\.\S+/);

    const audio = await openSendTo(page, 'Send Audio', `+${number}`);
    const recorder = audio.getByRole('region', { name: 'Voice note' });
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect(recorder.getByRole('timer', { name: 'Elapsed recording time' })).toContainText(/Recording 0:0[1-9]/, { timeout: 10_000 });
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await expect(audio.getByTestId('staged-file-audio')).toContainText(/voice-note-[\d-T]+\.ogg/);
    await audio.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(audio.getByTestId('send-result')).toContainText(/Sent: message wamid\.\S+/);

    await openConversation(page, number);
    await expect(sent).toHaveCount(3);
    const picture = sent.nth(1).getByTestId('conversation-image');
    await expect(picture).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(picture).toHaveAttribute('alt', 'Image sent: shelf.png');
    await expect(sent.nth(1)).toContainText('The shelf you asked about');
    const note = sent.nth(2).getByTestId('conversation-audio');
    await expect(note).toHaveAttribute('src', /^data:audio\/ogg;base64,/);
    await expect(note).toHaveAttribute('aria-label', /^Voice message sent: voice-note-[\d-T]+\.ogg$/);
    // a player, not the file's name as a line of text
    await expect(sent.nth(2).locator('.conversation-text')).toHaveCount(0);
  });

  test('a photo, a document and a voice note sent by media id are downloaded by main and shown; a shared place and a contact card are cards', async () => {
    const h = ctx.h;
    const { page } = h;
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

    await replyAndAwait(h, panel, number, 'Who should I call?', 'contacts');
    const card = received.nth(4).getByTestId('conversation-contact-card');
    await expect(card).toContainText('Bruno Lima');
    await expect(card).toContainText('Lima Transportes');
    await expect(card).toContainText('+55 11 97777-1234');

    // the files were fetched with the key from the service's own media lookup, each once
    const lookups = h.sandbox.requests().filter((r) => r.method === 'GET' && /^\/v23\.0\/9\d{15}$/.test(r.path));
    expect(lookups).toHaveLength(3);
    expect(h.sandbox.requests().filter((r) => r.path.startsWith('/whatsapp_business/attachments/'))).toHaveLength(3);

    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('rich conversation', problems)).toEqual([]);
    // the picture shows both sides: this app's photo and voice note, then the contact's files
    await panel.getByRole('list', { name: 'Messages, oldest first' }).evaluate((list) => {
      const own = list.querySelectorAll('[data-testid="conversation-out"]')[1] as HTMLElement;
      list.scrollTop = own.offsetTop - (list as HTMLElement).offsetTop - 4;
    });
    await readmeScreenshot(page, 'rich-conversation');
  });
});
