// crm webhooks: the address a service posts to, and the two shared secrets read from stdin into
// the real OS keychain (never from an argument, never printed), then honoured by a running
// listener at once. Run inside the keyring harness (npm test); elsewhere skipped with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../../src-main/core/events/webhooks/signature';
import { startWebhookReceiver, type WebhookReceiver } from '../../../src-main/core/events/webhooks/webhook-receiver';
import { webhookSecretAccount, webhookVerifyAccount } from '../../../src-main/core/events/webhooks/webhook-secrets';
import { createCore, type Core } from '../../../src-main/core/create-core';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-webhooks');
const SECRET = 'whsec_cli_signing_secret_0042';

describe.skipIf(!available)('crm webhooks', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  let profileId: string;
  let window: Core;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 1 });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-webhooks-'), CRM_KEYCHAIN_SERVICE: service, CRM_WEBHOOK_PORT: '47999' };
    const added = await runInProcess(['profiles', 'add', '--name', 'Shop', '--url', sandbox.baseUrl, '--json'], { env });
    profileId = (JSON.parse(added.stdout) as { profile: { id: string } }).profile.id;
    // the window, listening (on a free port here), reading the secrets from the same keychain
    window = await createCore({ dataDir: env.CRM_DATA_DIR!, keychainService: service, outbox: false });
    receiver = await startWebhookReceiver(
      {
        exists: async () => true,
        secretOf: (id) => window.webhookSecrets.secretOf(id),
        verifyTokenOf: (id) => window.webhookSecrets.verifyTokenOf(id),
        receive: (id, payload) => window.conversations.receive(id, payload),
      },
      { port: 0 },
    );
  });

  afterAll(async () => {
    await receiver?.close();
    await window?.close();
    await store.delete(webhookSecretAccount(profileId)).catch(() => false);
    await store.delete(webhookVerifyAccount(profileId)).catch(() => false);
    await closeSandboxes();
  });

  it('show names the address and says nothing is set yet', async () => {
    const run = await runInProcess(['webhooks', 'show'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`http://127.0.0.1:47999/webhooks/${profileId}`);
    expect(run.stdout).toContain('Not signed');
    expect(run.stdout).toContain("anyone who learns the tunnel's address can post");
  });

  it('secret from stdin: in the keychain, never printed, and the listener refuses unsigned posts at once', async () => {
    const run = await runInProcess(['webhooks', 'secret'], { env, input: `${SECRET}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(await store.get(webhookSecretAccount(profileId))).toBe(SECRET);
    const body = JSON.stringify({
      event: 'message.received',
      data: { id: 'in_cli', number: '5511999990001', type: 'text', text: 'hi', at: '2026-01-01T00:00:00Z' },
    });
    expect(
      (await fetch(receiver.urlFor(profileId), { method: 'POST', body, headers: { 'content-type': 'application/json' } })).status,
    ).toBe(401);
    const signed = await fetch(receiver.urlFor(profileId), {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-crm-signature-256': signatureOf(Buffer.from(body), SECRET) },
    });
    expect(signed.status).toBe(200);
    const shown = JSON.parse((await runInProcess(['webhooks', 'show', '--json'], { env })).stdout) as { signed: boolean };
    expect(shown.signed).toBe(true);
  });

  it('verify-token, then --remove: the handshake is answered, then refused again', async () => {
    expect((await runInProcess(['webhooks', 'verify-token'], { env, input: 'tok-123\n' })).code).toBe(0);
    const handshake = (): Promise<Response> =>
      fetch(`${receiver.urlFor(profileId)}?hub.mode=subscribe&hub.verify_token=tok-123&hub.challenge=42`);
    expect(await (await handshake()).text()).toBe('42');
    expect((await runInProcess(['webhooks', 'verify-token', '--remove'], { env })).code).toBe(0);
    expect((await handshake()).status).toBe(403);
  });

  it('an empty stdin is refused and changes nothing', async () => {
    const run = await runInProcess(['webhooks', 'secret'], { env, input: '' });
    expect(run.code).toBe(2);
    expect(await store.get(webhookSecretAccount(profileId))).toBe(SECRET);
  });
});
