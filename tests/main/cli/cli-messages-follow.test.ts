// crm messages --follow: a real crm process that follows every number of the profile and prints
// one line per change (a new reply, a new delivery state) as another process (the window's
// listener) stores it, prints nothing again for what was there before it started or for the
// same event twice, and stops on SIGINT with status 0. Run inside the keyring harness.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import { keychainAvailable } from '../helpers/index';
import { followCli, runInProcess } from './cli-harness';
import { closeShopFolder, openShopFolder, openWindow, sendFromShop, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();

describe.skipIf(!available)('crm messages --follow', () => {
  let folder: ShopFolder;
  let window: Core;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    folder = await openShopFolder('cli-messages-follow');
    for (const [to, text] of [
      ['5511999990001', 'Order 1 ships today'],
      ['5511999990002', 'Order 2 ships today'],
    ] as const)
      ids[to] = await sendFromShop(folder, to, text);
    window = await openWindow(folder);
  });

  afterAll(() => closeShopFolder(window));

  it('prints the changes of two numbers, once each, nothing from before it started, and stops on SIGINT', async () => {
    const follow = followCli(['messages', '--follow'], folder.env);
    await vi.waitFor(() => expect(follow.err()).toContain('Following every number of Shop'), { timeout: 20_000, interval: 50 });
    const { profileId } = folder;
    const now = (): string => new Date().toISOString();
    window.conversations.receive(profileId, {
      event: 'message.status',
      data: { id: ids['5511999990001'], number: '5511999990001', status: 'delivered', at: now() },
    });
    window.conversations.receive(profileId, {
      event: 'message.status',
      data: {
        id: ids['5511999990002'],
        number: '5511999990002',
        status: 'failed',
        at: now(),
        error: { code: 'outside_window', message: 'Outside the 24-hour window' },
      },
    });
    window.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_follow_2', number: '5511999990002', type: 'text', text: 'Where is it?', at: now() },
    });
    // the same event twice changes nothing, so it is not printed twice
    window.conversations.receive(profileId, {
      event: 'message.received',
      data: { id: 'in_follow_2', number: '5511999990002', type: 'text', text: 'Where is it?', at: now() },
    });
    await vi.waitFor(() => expect(follow.out()).toContain('+5511999990002 ← Where is it?'), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(follow.out()).toMatch(/\+5511999990001 → Order 1 ships today {2}\[delivered\]/), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(
      () =>
        expect(follow.out()).toMatch(/\+5511999990002 → Order 2 ships today {2}\[failed: Outside the 24-hour window \(outside_window\)\]/),
      { timeout: 10_000, interval: 50 },
    );
    expect(await follow.interrupt()).toBe(0);
    const out = follow.out();
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.includes('Where is it?'))).toHaveLength(1);
    // what was already there when it started (both sends, not yet delivered) is not printed
    expect(out).not.toContain('[accepted by the service]');
    expect(lines).toHaveLength(3);
  });

  it('refuses --follow with --page (a usage error, status 2)', async () => {
    const run = await runInProcess(['messages', '--follow', '--page', '2'], { env: folder.env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--follow prints changes as they come');
  });
});
