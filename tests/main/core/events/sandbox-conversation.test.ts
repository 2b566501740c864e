// The whole loop over real HTTP: the app sends through the sandbox, the sandbox plays the
// recipient (statuses advance, a contact replies, one number fails outside the 24-hour window)
// and posts signed webhooks, in its default and in Meta's shape, to the app's local listener;
// the conversation shows it all. Run inside the keyring harness (npm test).
import { describe, expect, it, vi } from 'vitest';
import type { SandboxDialect } from '../../../../src-main/sandbox/types';
import { keychainAvailable } from '../../helpers/keychain';
import { sendText } from '../../helpers/send-operations';
import { openAnsweringSandbox, webhookLoop } from './webhook-loop';
import { expectRepliedThread } from './replied-thread';

const available = await keychainAvailable();
const SECRET = 'webhook-secret-for-the-loop';

const app = webhookLoop();

async function loop(dialect: SandboxDialect): Promise<void> {
  const sandbox = await openAnsweringSandbox(dialect, {
    replyFrom: ['5511999990001'],
    replyDelayMs: 250,
    replyText: 'Got it, thanks',
    failNumbers: ['5511999990002'],
  });
  const { core } = await app.connectShop(sandbox, { name: `loop-${dialect}`, dialect, secret: SECRET });

  await sendText(core.messages, { number: '+55 11 99999-0001', text: 'Your order ships today' });
  await sendText(core.messages, { number: '5511999990002', text: 'Are you there?' });

  const thread = await expectRepliedThread(core, '5511999990001');
  expect(thread.insideWindow).toBe(true);
  await vi.waitFor(
    async () => {
      const failed = await core.conversations.thread({ number: '5511999990002' });
      expect(failed.items).toMatchObject([{ direction: 'out', state: 'failed' }]);
      expect(failed.items[0]?.reason).toMatch(/24[- ]hour|Re-engagement|131047/);
      expect(failed.insideWindow).toBe(false);
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe.skipIf(!available)('the sandbox plays the recipient, the app hears it by webhook', () => {
  it("in this app's default shape, signed", { timeout: 60_000 }, () => loop('default'));
  it("in Meta's shape, signed as Meta signs", { timeout: 60_000 }, () => loop('meta'));
});
