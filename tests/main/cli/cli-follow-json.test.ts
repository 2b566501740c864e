// crm messages --follow --json and crm conversation --follow --json, real crm processes: a reply
// whose message id and text (as a service posts them, or as anyone who can post to the webhook
// forges them) hold C1 controls (a CSI that rewrites the screen) and bidi controls (a name that
// reads backwards) is printed with those characters as JSON escapes, as the one-shot --json
// prints them, and each line still parses to the exact values. Run inside the keyring harness.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import { keychainAvailable } from '../helpers/index';
import { followCli, type FollowingCli } from './cli-harness';
import { closeShopFolder, contactTextArrives, openShopAfterSend, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();

const NUMBER = '5511999990007';
/** C1 (NEL, CSI) and every bidi control a terminal or an editor obeys */
const ID = 'in_\u009b2J\u0085\u202e\u2066x\u2069';
const TEXT = 'Invoice \u009b31m\u202efdp.exe\u202c \u202a\u202b\u202d\u2067\u2068\u200e\u200f\u061c\u0080\u009f done';
const RAW_CONTROLS = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe.skipIf(!available)('--follow --json prints server text terminal-safe', () => {
  let folder: ShopFolder, window: Core;
  const following: FollowingCli[] = [];

  beforeAll(async () => {
    ({ folder, window } = await openShopAfterSend('cli-follow-json', NUMBER, 'Your invoice is ready'));
  });

  afterAll(async () => {
    for (const f of following) await f.interrupt();
    await closeShopFolder(window);
  });

  it('messages and conversation escape C1 and bidi controls in every line, and the lines parse to the exact values', async () => {
    const messages = followCli(['messages', '--follow', '--json'], folder.env);
    const conversation = followCli(['conversation', NUMBER, '--follow', '--json'], folder.env);
    following.push(messages, conversation);
    for (const f of following) await vi.waitFor(() => expect(f.err()).toContain('Following'), { timeout: 20_000, interval: 50 });

    contactTextArrives(window, folder.profileId, { id: ID, number: NUMBER, text: TEXT });
    for (const f of following) await vi.waitFor(() => expect(f.out()).toContain('Invoice'), { timeout: 10_000, interval: 50 });

    for (const f of following) {
      expect(await f.interrupt()).toBe(0);
      const out = f.out();
      expect(out).not.toMatch(RAW_CONTROLS);
      expect(out).toContain('\\u009b31m\\u202efdp.exe');
      const reply = out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { direction: string; text: string | null; messageId: string | null })
        .find((item) => item.direction === 'in');
      expect(reply).toMatchObject({ text: TEXT, messageId: ID });
    }
  });
});
