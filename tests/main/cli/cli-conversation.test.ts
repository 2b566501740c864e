// crm conversation: one contact's conversation from the data folder, and --follow, a real crm
// process that prints a reply and a delivery state as another process (the window's listener)
// stores them, then stops on SIGINT. Run inside the keyring harness (npm test).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess } from './cli-harness';

const available = await keychainAvailable();
const BIN = new URL('../../../bin/crm.mjs', import.meta.url).pathname;

describe.skipIf(!available)('crm conversation', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  let window: Core;
  let profileId: string;
  let messageId: string;

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 1 });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-conversation-'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-conversation') };
    const added = await runInProcess(['profiles', 'add', '--name', 'Shop', '--url', sandbox.baseUrl, '--json'], { env });
    profileId = (JSON.parse(added.stdout) as { profile: { id: string } }).profile.id;
    expect((await runInProcess(['keys', 'add', '--name', 'ops'], { env, input: sandbox.adminKey })).code).toBe(0);
    const sent = await runInProcess(['send', 'text', '--to', '+55 11 99999-0001', '--text', 'Your order ships today', '--json'], { env });
    messageId = (JSON.parse(sent.stdout) as { message: { id: string } }).message.id;
    window = await createCore({ dataDir: env.CRM_DATA_DIR!, keychainService: env.CRM_KEYCHAIN_SERVICE, outbox: false });
  });

  afterAll(async () => {
    const keys = await window?.keys.list().catch(() => []);
    for (const key of keys ?? []) await window.secretStore.delete(`key:${key.id}`).catch(() => false);
    await window?.close();
    await closeSandboxes();
  });

  it('prints the conversation: the send, not yet delivered, and that the window is closed', async () => {
    const run = await runInProcess(['conversation', '5511999990001'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Conversation with +5511999990001; outside the 24-hour window');
    expect(run.stdout).toMatch(/→ Your order ships today {2}\[accepted by the service\]/);
  });

  it('--follow prints a reply and a new state as another process stores them, and stops on SIGINT', async () => {
    const child = spawn(process.execPath, [BIN, 'conversation', '5511999990001', '--follow'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(err).toContain('Following'), { timeout: 20_000, interval: 50 });
    // the window's listener stores what the service posted
    window.conversations.receive(profileId, { event: 'message.status', data: { id: messageId, number: '5511999990001', status: 'read', at: new Date().toISOString() } });
    window.conversations.receive(profileId, { event: 'message.received', data: { id: 'in_follow', number: '5511999990001', type: 'text', text: 'Great, thanks!', at: new Date().toISOString() } });
    await vi.waitFor(() => expect(out).toContain('← Great, thanks!'), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(out).toMatch(/→ Your order ships today {2}\[read\]/), { timeout: 10_000, interval: 50 });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
