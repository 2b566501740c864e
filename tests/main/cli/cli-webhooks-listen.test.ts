// crm webhooks listen / log / replay / fire, real crm processes: a spawned listener takes signed
// events posted over real HTTP into the shared database (crm conversation sees them), prints a
// line for each, refuses a bad signature, says plainly when the port is taken, and stops cleanly
// on Ctrl+C; the inspector's record lists each delivery with its verdict and never a secret; a
// replay marks itself and changes no state twice; fire posts a vendor-shaped signed event.
// Run inside the keyring harness (with the CLI built); elsewhere skipped with a reason.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureOf } from '../../../src-main/core/events/webhooks/signature';
import { webhookSecretAccount } from '../../../src-main/core/events/webhooks/webhook-secrets';
import type { Core } from '../../../src-main/core/create-core';
import { keychainAvailable } from '../helpers/index';
import { followCli, runInProcess, spawnCli, transcript, type FollowingCli } from './cli-harness';
import { closeShopFolder, openShopFolder, openWindow, sendFromShop, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();
const SECRET = 'whsec_listen_test_secret_7731';
const NUMBER = '5511999990031';

interface Kept {
  id: string;
  verdict: string;
  status: number;
  words: string;
  replayOf: string | null;
  headers: Record<string, string>;
  body: string | null;
}

describe.skipIf(!available)('crm webhooks listen, log, replay and fire', () => {
  let folder: ShopFolder;
  let window: Core;
  let listener: FollowingCli;
  let url: string;
  let port: string;
  let sentId: string;

  const stateBody = (status: string): string =>
    JSON.stringify({ event: 'message.status', data: { id: sentId, number: NUMBER, status, at: new Date().toISOString() } });
  const fire = (args: string[]): ReturnType<typeof spawnCli> =>
    spawnCli(['webhooks', 'fire', ...args], { env: { ...folder.env, CRM_WEBHOOK_PORT: port }, timeoutMs: 20_000 });
  const post = (body: string, signature: string): Promise<Response> =>
    fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-crm-signature-256': signature } });
  const log = async (): Promise<Kept[]> => {
    const run = await runInProcess(['webhooks', 'log', '--json', '--limit', '50'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    return (JSON.parse(run.stdout) as { deliveries: Kept[] }).deliveries;
  };

  beforeAll(async () => {
    folder = await openShopFolder('cli-webhooks-listen');
    sentId = await sendFromShop(folder, NUMBER, 'Your order shipped');
    expect((await runInProcess(['webhooks', 'secret'], { env: folder.env, input: `${SECRET}\n` })).code).toBe(0);
    window = await openWindow(folder);
    listener = followCli(['webhooks', 'listen'], { ...folder.env, CRM_WEBHOOK_PORT: '0' });
    await vi.waitFor(() => expect(listener.err()).toMatch(/Ctrl\+C stops/), { timeout: 20_000, interval: 50 });
    url = /at (http:\/\/127\.0\.0\.1:\d+\/webhooks\/\S+)/.exec(listener.err())![1]!;
    port = /:(\d+)\//.exec(url)![1]!;
  });

  afterAll(async () => {
    await listener?.interrupt();
    await window?.secretStore.delete(webhookSecretAccount(folder.profileId)).catch(() => false);
    await closeShopFolder(window);
  });

  it('a signed state goes into the shared database and is printed as one line', async () => {
    const body = stateBody('delivered');
    expect((await post(body, signatureOf(Buffer.from(body), SECRET))).status).toBe(200);
    await vi.waitFor(() => expect(listener.out()).toContain(`Shop  message ${sentId} delivered`), { timeout: 10_000, interval: 50 });
    const thread = await window.conversations.thread({ profileId: folder.profileId, number: NUMBER });
    expect(JSON.stringify(thread.items)).toContain('delivered');
  });

  it('a bad signature is refused, printed as refused and kept with its verdict', async () => {
    const body = stateBody('read');
    expect((await post(body, signatureOf(Buffer.from(body), 'not-the-secret'))).status).toBe(401);
    await vi.waitFor(() => expect(listener.out()).toContain('refused: signature invalid'), { timeout: 10_000, interval: 50 });
    const refused = (await log()).find((d) => d.status === 401)!;
    expect(refused).toMatchObject({ verdict: 'invalid' });
    expect(refused.headers['x-crm-signature-256']).toMatch(/^\[signature/);
    const thread = await window.conversations.thread({ profileId: folder.profileId, number: NUMBER });
    expect(JSON.stringify(thread.items)).not.toContain('"read"');
  });

  it('a second listener on the same port says the port is taken and exits non-zero', async () => {
    const second = await spawnCli(['webhooks', 'listen'], { env: { ...folder.env, CRM_WEBHOOK_PORT: port }, timeoutMs: 20_000 });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Port ${port} is already taken`);
  });

  it('fire posts a meta-shaped reply signed with the secret; the listener takes it', async () => {
    const fired = await fire(['--kind', 'reply', '--dialect', 'meta', '--message', sentId]);
    expect(fired.code, fired.stderr).toBe(0);
    expect(fired.stdout).toContain('HTTP 200');
    await vi.waitFor(() => expect(listener.out()).toContain('reply from +15555550100'), { timeout: 10_000, interval: 50 });
    const failed = await fire(['--kind', 'failed', '--dialect', 'twilio']);
    // the profile's service posts JSON, so a Twilio-shaped form is refused, and kept saying why
    expect(failed.code).toBe(1);
    const refusedForm = async (): Promise<boolean> => (await log()).some((d) => d.words.includes('unexpected content type'));
    await vi.waitFor(async () => expect(await refusedForm()).toBe(true), { timeout: 10_000, interval: 100 });
  });

  it('bad fire input is refused with a clear reason and posts nothing', async () => {
    const before = (await log()).length;
    const env = { ...folder.env, CRM_WEBHOOK_PORT: port };
    expect((await runInProcess(['webhooks', 'fire', '--kind', 'opened'], { env })).stderr).toContain('--kind must be one of');
    const unknown = await runInProcess(['webhooks', 'fire', '--kind', 'read', '--dialect', 'zapi'], { env });
    expect(unknown.stderr).toContain('--dialect must be one of');
    // every shape the sandbox posts can be fired, Evolution's and Wati's included
    for (const shape of ['default', 'meta', 'twilio', 'evolution-v2', 'wati']) expect(unknown.stderr).toContain(shape);
    expect((await runInProcess(['webhooks', 'fire', '--kind', 'read', '--number', 'abc'], { env })).code).toBe(2);
    expect((await log()).length).toBe(before);
  });

  it('replay hands a kept delivery to the app again, marked, without changing a state twice', async () => {
    const delivered = (await log()).find((d) => d.words.includes('delivered') && d.replayOf === null)!;
    const replay = await runInProcess(['webhooks', 'replay', delivered.id, '--json'], { env: folder.env });
    expect(replay.code, replay.stderr).toBe(0);
    const kept = JSON.parse(replay.stdout) as Kept & { changed: number };
    expect(kept).toMatchObject({ replayOf: delivered.id, changed: 0 });
    expect(kept.words).toContain('already known');
    expect(kept.words).toContain('[replay]');
    const missing = await runInProcess(['webhooks', 'replay', 'no-such-delivery'], { env: folder.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No kept webhook delivery');
  });

  it('log --follow prints deliveries another process keeps as they come, and stops on Ctrl+C', async () => {
    const following = followCli(['webhooks', 'log', '--follow'], folder.env);
    await vi.waitFor(() => expect(following.err()).toContain('Following'), { timeout: 20_000, interval: 50 });
    const before = following.out();
    const body = stateBody('read');
    expect((await post(body, signatureOf(Buffer.from(body), SECRET))).status).toBe(200);
    const printed = (): string => following.out().slice(before.length);
    await vi.waitFor(() => expect(printed()).toContain(`message ${sentId} read`), { timeout: 10_000, interval: 50 });
    expect(await following.interrupt()).toBe(0);
  });

  it('Ctrl+C stops the listener with status 0, and no output ever held the secret', async () => {
    expect(await listener.interrupt()).toBe(0);
    expect(listener.err()).toContain('Stopped listening');
    const outputs = [...transcript.map((r) => r.stdout + r.stderr), listener.out(), listener.err()].join('\n');
    expect(outputs).not.toContain(SECRET);
    expect((await log()).every((d) => !(d.body ?? '').includes(SECRET))).toBe(true);
  });
});
