// A quoted reply in the conversation panel: Quote on a line puts its text in the reply box (×
// cancels), the send carries the quoted message's id, and a service with no place for the quote
// refuses it with the reason and offers "Send without the quote": sent only when the person
// chooses it, never silently without the quote; a canned response's file goes through main by
// the canned response's name, never with a quote.
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationPanel } from '../../../src-renderer/features/messages/conversation-panel';
import { useConversationStore } from '../../../src-renderer/features/messages/conversation-store';
import { useQuickStore } from '../../../src-renderer/features/messages/quick-store';
import type { Conversation, Result, SendResult } from '../../../src-renderer/lib/api';
import { CANNOT_QUOTE } from '../../../src-main/shared/quick-answers';
import { fail, installFakeCrm, ok } from '../helpers/fake-crm';
import { byText, click, key, render, settle, typeInto, type Rendered } from '../helpers/render';

const NUMBER = '5511999990001';
const conversation: Conversation = {
  profileId: 'p1',
  number: NUMBER,
  name: 'Ana',
  items: [
    {
      key: 'in:wamid.in1',
      direction: 'in',
      messageId: 'wamid.in1',
      kind: 'text',
      text: 'Where is my order?',
      fileName: null,
      at: '2026-01-01T00:00:00Z',
      state: null,
      reason: null,
      media: null,
      reactions: { us: null, contact: null },
    },
  ],
  lastReceivedAt: '2026-01-01T00:00:00Z',
  insideWindow: true,
};
const SENT: SendResult = {
  status: 'sent',
  message: { id: 'wamid.out1', type: 'text', number: NUMBER, status: 'sent', createdAt: null, raw: {}, understood: true },
  durationMs: 5,
  replayed: false,
};

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  useConversationStore.setState(useConversationStore.getInitialState(), true);
  useQuickStore.getState().reset();
});

function handlers(reply: () => Result<SendResult>) {
  return {
    'conversations:get': () => ok(conversation),
    'webhooks:info': () =>
      ok({ url: null, problem: 'off', signed: false, verifyToken: false, throughTunnel: false, warning: null, eventsArrived: false }),
    'quick:reply': reply,
    'send:submit': () => ok(SENT),
  };
}

async function quoteAndType(): Promise<void> {
  view = render(<ConversationPanel number={NUMBER} />);
  await settle();
  click(view.container.querySelector('button[aria-label="Quote: Where is my order?"]'));
  await settle();
  expect(view.container.querySelector('[data-testid="conversation-quoting"]')?.textContent).toContain('Replying to: Where is my order?');
  typeInto(view.container.querySelector('textarea'), 'It ships today');
  await settle();
}

describe('a quoted reply in the panel', () => {
  it('goes with the quoted message id, and the quote leaves the box once sent', async () => {
    const fake = installFakeCrm(handlers(() => ok(SENT)));
    await quoteAndType();
    key(view!.container.querySelector('textarea'), 'Enter', { ctrlKey: true });
    await settle();
    expect(fake.callsTo('quick:reply')).toEqual([{ number: NUMBER, text: 'It ships today', replyTo: 'wamid.in1' }]);
    expect(fake.callsTo('send:submit')).toEqual([]);
    expect(view!.container.querySelector('[data-testid="conversation-quoting"]')).toBeNull();
  });

  it('× cancels the quote: the reply then goes as a plain text', async () => {
    const fake = installFakeCrm(handlers(() => ok(SENT)));
    await quoteAndType();
    click(view!.container.querySelector('button[aria-label="Cancel the quote"]'));
    key(view!.container.querySelector('textarea'), 'Enter', { ctrlKey: true });
    await settle();
    expect(fake.callsTo('quick:reply')).toEqual([]);
    expect(fake.callsTo('send:submit')).toHaveLength(1);
  });

  it('a service that cannot quote: the reason, nothing sent, and "Send without the quote" only on the person\'s word', async () => {
    const fake = installFakeCrm(
      handlers(() => fail({ code: 'validation', message: CANNOT_QUOTE, details: [{ field: 'replyTo', message: CANNOT_QUOTE }] })),
    );
    await quoteAndType();
    key(view!.container.querySelector('textarea'), 'Enter', { ctrlKey: true });
    await settle();
    expect(view!.container.textContent).toContain(CANNOT_QUOTE);
    expect(fake.callsTo('send:submit')).toEqual([]);
    // the text and the quote are both still there
    expect((view!.container.querySelector('textarea') as HTMLTextAreaElement).value).toBe('It ships today');
    expect(view!.container.querySelector('[data-testid="conversation-quoting"]')).not.toBeNull();

    click(byText(view!.container, 'button', 'Send without the quote'));
    await settle();
    const sent = fake.callsTo('send:submit');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.draft).toEqual({ kind: 'text', number: NUMBER, text: 'It ships today' });
  });

  it('any other refusal offers no such choice', async () => {
    installFakeCrm(handlers(() => fail({ code: 'validation', message: 'Number is too short' })));
    await quoteAndType();
    key(view!.container.querySelector('textarea'), 'Enter', { ctrlKey: true });
    await settle();
    expect(byText(view!.container, 'button', 'Send without the quote')).toBeUndefined();
  });

  it("a canned response with a file: the box says so, the send goes through main by the canned response's name, and a quote with it is refused", async () => {
    const fake = installFakeCrm({
      ...handlers(() => ok(SENT)),
      'canned:list': () =>
        ok([{ name: 'prices', text: 'Our prices, {{contact.name}}', scope: 'shared', media: { kind: 'file', fileName: 'prices.pdf' } }]),
      'canned:send-media': () => ok(SENT),
    });
    view = render(<ConversationPanel number={NUMBER} />);
    await settle();
    const textarea = view.container.querySelector('textarea') as HTMLTextAreaElement;
    typeInto(textarea, '/pri');
    await settle();
    expect(view.container.querySelector('[role="option"]')?.textContent).toContain('with a file');
    key(textarea, 'Enter');
    await settle();
    expect(textarea.value).toBe('Our prices, Ana');
    expect(view.container.querySelector('[data-testid="conversation-attachment"]')?.textContent).toContain(
      'With the file prices.pdf (from /prices)',
    );

    // a file and a quote cannot go together: said, nothing sent
    click(view.container.querySelector('button[aria-label="Quote: Where is my order?"]'));
    key(textarea, 'Enter', { ctrlKey: true });
    await settle();
    expect(view.container.textContent).toContain('A file goes without a quote');
    expect(fake.callsTo('canned:send-media')).toEqual([]);

    click(view.container.querySelector('button[aria-label="Cancel the quote"]'));
    key(textarea, 'Enter', { ctrlKey: true });
    await settle();
    expect(fake.callsTo('canned:send-media')).toEqual([{ name: 'prices', number: NUMBER, caption: 'Our prices, Ana' }]);
    expect(fake.callsTo('send:submit')).toEqual([]);
    expect(view.container.querySelector('[data-testid="conversation-attachment"]')).toBeNull();
  });

  it('× on the file sends the text alone', async () => {
    const fake = installFakeCrm({
      ...handlers(() => ok(SENT)),
      'canned:list': () =>
        ok([{ name: 'menu', text: 'Our menu', scope: 'personal', media: { kind: 'url', url: 'https://example.com/menu.jpg' } }]),
    });
    view = render(<ConversationPanel number={NUMBER} />);
    await settle();
    const textarea = view.container.querySelector('textarea') as HTMLTextAreaElement;
    typeInto(textarea, '/menu');
    await settle();
    key(textarea, 'Enter');
    await settle();
    click(view.container.querySelector('button[aria-label="Send without the file"]'));
    key(textarea, 'Enter', { ctrlKey: true });
    await settle();
    expect(fake.callsTo('send:submit').map((p) => p.draft)).toEqual([{ kind: 'text', number: NUMBER, text: 'Our menu' }]);
  });
});
