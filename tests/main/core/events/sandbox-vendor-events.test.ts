// The loop over real HTTP for the vendors that sign differently: the sandbox's evolution-v2
// dialect posts Evolution's own events (the apikey in the body its only signature), its wati
// dialect Wati's (unsigned), to the app's listener; the conversation shows the states and the
// reply. Run inside the keyring harness.
import { describe, expect, it, vi } from 'vitest';
import type { SandboxDialect } from '../../../../src-main/sandbox/types';
import { addProfileWithKey } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox } from '../../helpers/sandbox';
import { teachPlayground } from '../../helpers/playground';
import { sendText } from '../../helpers/send-operations';
import { webhookLoop } from './webhook-loop';

const available = await keychainAvailable();
const app = webhookLoop();

async function loop(dialect: SandboxDialect, secret: string | null): Promise<void> {
  const statusDelaysMs: [number, number, number] = [50, 100, 150];
  const events = { statusDelaysMs, replyFrom: ['5511999990001'], replyDelayMs: 250, replyText: 'Got it, thanks' };
  const sandbox = await openSandbox({ contacts: 5, dialect, events });
  const core = await app.openCore(`vendor-loop-${dialect}`);
  const { profileId } = await addProfileWithKey(core, { name: 'Shop', baseUrl: sandbox.baseUrl }, { name: 'ops', value: sandbox.adminKey });
  await teachPlayground(core, profileId, dialect, sandbox.baseUrl);
  if (secret !== null) await core.webhookSecrets.set(profileId, { secret });
  const logged: string[] = [];
  const receiver = await app.listen(core, profileId, { log: (line) => logged.push(line) });
  sandbox.configureEvents({ webhookUrl: receiver.urlFor(profileId), webhookSecret: secret, webhookRetryDelaysMs: [50, 100, 200] });

  await sendText(core.messages, { number: '+55 11 99999-0001', text: 'Your order ships today' });
  await vi.waitFor(
    async () => {
      const thread = await core.conversations.thread({ number: '5511999990001' });
      expect(thread.items.map((i) => [i.direction, i.text, i.state])).toEqual([
        ['out', 'Your order ships today', 'read'],
        ['in', 'Got it, thanks', null],
      ]);
    },
    { timeout: 15_000, interval: 100 },
  );
  expect(logged.filter((line) => /refused|no message event/.test(line))).toEqual([]);
  if (secret !== null) expect(logged.join('\n')).not.toContain(secret);
  await core.webhookSecrets.forget(profileId);
}

describe.skipIf(!available)("the sandbox's vendor dialects post their vendor's events", () => {
  it("Evolution API v2's, with the instance apikey in the body as its signature", { timeout: 60_000 }, () =>
    loop('evolution-v2', 'evolution-loop-apikey'));
  it("Wati's, unsigned", { timeout: 60_000 }, () => loop('wati', null));
});
