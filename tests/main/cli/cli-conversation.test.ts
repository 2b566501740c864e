// crm conversation: one contact's conversation from the data folder, and --follow, a real crm
// process that prints a reply and a delivery state as another process (the window's listener)
// stores them, then stops on SIGINT. Run inside the keyring harness (npm test).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import { keychainAvailable } from '../helpers/index';
import { followCli, runInProcess } from './cli-harness';
import { closeShopFolder, contactTextArrives, openShopAfterSend, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();

describe.skipIf(!available)('crm conversation', () => {
  let folder: ShopFolder, window: Core, messageId: string;

  beforeAll(async () => {
    ({ folder, window, messageId } = await openShopAfterSend('cli-conversation', '+55 11 99999-0001', 'Your order ships today'));
  });

  afterAll(() => closeShopFolder(window));

  it('prints the conversation: the send, not yet delivered, and that the window is closed', async () => {
    const run = await runInProcess(['conversation', '5511999990001'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Conversation with +5511999990001; outside the 24-hour window');
    expect(run.stdout).toMatch(/→ Your order ships today {2}\[accepted by the service\]/);
  });

  it('--follow prints a reply and a new state as another process stores them, and stops on SIGINT', async () => {
    const follow = followCli(['conversation', '5511999990001', '--follow'], folder.env);
    await vi.waitFor(() => expect(follow.err()).toContain('Following'), { timeout: 20_000, interval: 50 });
    const { profileId } = folder;
    // the window's listener stores what the service posted
    window.conversations.receive(profileId, {
      event: 'message.status',
      data: { id: messageId, number: '5511999990001', status: 'read', at: new Date().toISOString() },
    });
    contactTextArrives(window, profileId, { id: 'in_follow', number: '5511999990001', text: 'Great, thanks!' });
    await vi.waitFor(() => expect(follow.out()).toContain('← Great, thanks!'), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(follow.out()).toMatch(/→ Your order ships today {2}\[read\]/), { timeout: 10_000, interval: 50 });
    expect(await follow.interrupt()).toBe(0);
  });
});
