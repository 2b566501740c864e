// crm messages --follow: a real crm process that follows every number of the profile and prints
// one line per change (a new reply, a new delivery state) as another process (the window's
// listener) stores it, prints nothing again for what was there before it started or for the
// same event twice, and stops on SIGINT with status 0. Run inside the keyring harness.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/create-core';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess } from './cli-harness';

const available = await keychainAvailable();
const BIN = new URL('../../../bin/crm.mjs', import.meta.url).pathname;

describe.skipIf(!available)('crm messages --follow', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  let window: Core;
  let profileId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 1 });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-messages-follow-'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-messages-follow') };
    const added = await runInProcess(['profiles', 'add', '--name', 'Shop', '--url', sandbox.baseUrl, '--json'], { env });
    profileId = (JSON.parse(added.stdout) as { profile: { id: string } }).profile.id;
    expect((await runInProcess(['keys', 'add', '--name', 'ops'], { env, input: sandbox.adminKey })).code).toBe(0);
    for (const [to, text] of [['5511999990001', 'Order 1 ships today'], ['5511999990002', 'Order 2 ships today']] as const) {
      const sent = await runInProcess(['send', 'text', '--to', to, '--text', text, '--json'], { env });
      ids[to] = (JSON.parse(sent.stdout) as { message: { id: string } }).message.id;
    }
    window = await createCore({ dataDir: env.CRM_DATA_DIR!, keychainService: env.CRM_KEYCHAIN_SERVICE, outbox: false });
  });

  afterAll(async () => {
    const keys = await window?.keys.list().catch(() => []);
    for (const key of keys ?? []) await window.secretStore.delete(`key:${key.id}`).catch(() => false);
    await window?.close();
    await closeSandboxes();
  });

  it('prints the changes of two numbers, once each, nothing from before it started, and stops on SIGINT', async () => {
    const child = spawn(process.execPath, [BIN, 'messages', '--follow'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await vi.waitFor(() => expect(err).toContain('Following every number of Shop'), { timeout: 20_000, interval: 50 });
    const now = (): string => new Date().toISOString();
    window.conversations.receive(profileId, { event: 'message.status', data: { id: ids['5511999990001'], number: '5511999990001', status: 'delivered', at: now() } });
    window.conversations.receive(profileId, { event: 'message.status', data: { id: ids['5511999990002'], number: '5511999990002', status: 'failed', at: now(), error: { code: 'outside_window', message: 'Outside the 24-hour window' } } });
    window.conversations.receive(profileId, { event: 'message.received', data: { id: 'in_follow_2', number: '5511999990002', type: 'text', text: 'Where is it?', at: now() } });
    // the same event twice changes nothing, so it is not printed twice
    window.conversations.receive(profileId, { event: 'message.received', data: { id: 'in_follow_2', number: '5511999990002', type: 'text', text: 'Where is it?', at: now() } });
    await vi.waitFor(() => expect(out).toContain('+5511999990002 ← Where is it?'), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(out).toMatch(/\+5511999990001 → Order 1 ships today {2}\[delivered\]/), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(out).toMatch(/\+5511999990002 → Order 2 ships today {2}\[failed: Outside the 24-hour window \(outside_window\)\]/), { timeout: 10_000, interval: 50 });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.includes('Where is it?'))).toHaveLength(1);
    // what was already there when it started (both sends, not yet delivered) is not printed
    expect(out).not.toContain('[accepted by the service]');
    expect(lines).toHaveLength(3);
  });

  it('refuses --follow with --page (a usage error, status 2)', async () => {
    const run = await runInProcess(['messages', '--follow', '--page', '2'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--follow prints changes as they come');
  });
});
