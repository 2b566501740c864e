// The loop over real HTTP for each vendor's own events: the sandbox's evolution-v2 dialect posts
// Evolution's (the apikey in the body its only signature), its wati dialect Wati's (unsigned), its
// meta dialect Meta's (a photo named by a media id), to the app's listener; the conversation shows
// the states and the reply. Run inside the keyring harness.
import { describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';
import type { SandboxDialect, SandboxEventOptions } from '../../../../src-main/sandbox/types';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox } from '../../helpers/sandbox';
import { sendText } from '../../helpers/send-operations';
import { webhookLoop } from './webhook-loop';
import { expectRepliedThread } from './replied-thread';

const available = await keychainAvailable();
const app = webhookLoop();
const CONTACT = '5511999990001';

interface Loop {
  core: Core;
  profileId: string;
  /** what the listener logged */
  logged: string[];
}

/** a sandbox of `dialect` whose contact answers, a profile taught its playground, the listener it posts to */
async function openLoop(dialect: SandboxDialect, secret: string | null, reply: Partial<SandboxEventOptions>): Promise<Loop> {
  const events: SandboxEventOptions = { statusDelaysMs: [50, 100, 150], replyFrom: [CONTACT], replyDelayMs: 250, ...reply };
  const sandbox = await openSandbox({ contacts: 5, dialect, events });
  const logged: string[] = [];
  const log = (line: string): number => logged.push(line);
  const { core, profileId } = await app.connectShop(sandbox, { name: `vendor-loop-${dialect}`, dialect, secret, log });
  return { core, profileId, logged };
}

async function textLoop(dialect: SandboxDialect, secret: string | null): Promise<void> {
  const { core, profileId, logged } = await openLoop(dialect, secret, { replyText: 'Got it, thanks' });
  await sendText(core.messages, { number: '+55 11 99999-0001', text: 'Your order ships today' });
  await expectRepliedThread(core, CONTACT);
  expect(logged.filter((line) => /refused|no message event/.test(line))).toEqual([]);
  if (secret !== null) expect(logged.join('\n')).not.toContain(secret);
  await core.webhookSecrets.forget(profileId);
}

/** Meta names a contact's photo by a media id: the reply is an image line whose file is downloaded with the key */
async function metaImageLoop(): Promise<void> {
  const { core, profileId } = await openLoop('meta', 'meta-app-secret-for-images', { replyText: 'the box', replyMedia: 'image' });
  await sendText(core.messages, { number: '+55 11 99999-0001', text: 'Send me a photo' });
  await vi.waitFor(
    async () => {
      const reply = (await core.conversations.thread({ number: CONTACT })).items.find((i) => i.direction === 'in');
      expect(reply).toMatchObject({ kind: 'image', text: 'the box', media: { show: 'preview', download: { state: 'stored' } } });
    },
    { timeout: 15_000, interval: 100 },
  );
  await core.webhookSecrets.forget(profileId);
}

describe.skipIf(!available)("the sandbox's vendor dialects post their vendor's events", () => {
  it("Evolution API v2's, with the instance apikey in the body as its signature", { timeout: 60_000 }, () =>
    textLoop('evolution-v2', 'evolution-loop-apikey'),
  );
  it("Wati's, unsigned", { timeout: 60_000 }, () => textLoop('wati', null));
  it("Meta's image reply, named by a media id, becomes an image line whose file is downloaded", { timeout: 60_000 }, () => metaImageLoop());
});
