// The contact's quoted reply and reaction over real HTTP: the sandbox plays a contact who quotes
// our message and reacts 👍 to it, posting signed webhooks in its default and in Meta's shape to
// the app's local listener; the conversation shows the quote above the reply and the reaction on
// our message, never as a line of its own. Run inside the keyring harness.
import { describe, expect, it, vi } from 'vitest';
import type { SandboxDialect } from '../../../../src-main/sandbox/types';
import { keychainAvailable } from '../../helpers/keychain';
import { sendText } from '../../helpers/send-operations';
import { openAnsweringSandbox, webhookLoop } from './webhook-loop';

const available = await keychainAvailable();
const SECRET = 'webhook-secret-for-quick-answers';
const NUMBER = '5511999990001';
const app = webhookLoop();

async function loop(dialect: SandboxDialect): Promise<void> {
  const sandbox = await openAnsweringSandbox(dialect, {
    replyFrom: [NUMBER],
    replyDelayMs: 200,
    replyText: 'Great, thanks',
    replyQuotes: true,
    replyReaction: '👍',
  });
  const { core } = await app.connectShop(sandbox, { name: `quick-${dialect}`, dialect, secret: SECRET });

  const sent = await sendText(core.messages, { number: NUMBER, text: 'Your order ships today' });
  const sentId = sent.status === 'sent' ? sent.message.id : null;
  expect(sentId).not.toBeNull();

  await vi.waitFor(
    async () => {
      const thread = await core.conversations.thread({ number: NUMBER });
      expect(thread.items.map((i) => [i.direction, i.text])).toEqual([
        ['out', 'Your order ships today'],
        ['in', 'Great, thanks'],
      ]);
      expect(thread.items[0]).toMatchObject({ messageId: sentId, reactions: { contact: '👍', us: null } });
      expect(thread.items[1]?.quote).toEqual({ messageId: sentId, text: 'Your order ships today', direction: 'out' });
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe.skipIf(!available)("the contact's quoted reply and reaction arrive by webhook", () => {
  it("in this app's default shape", { timeout: 60_000 }, () => loop('default'));
  it("in Meta's shape", { timeout: 60_000 }, () => loop('meta'));
});
