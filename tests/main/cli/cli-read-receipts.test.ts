// crm conversation --mark-read and crm settings read-receipts against the real sandbox, from a
// saved data folder: a Meta-shaped profile taught the playground's Mark as Read tab tells the
// service once per newest message of the contact and says so; a profile speaking docs/API.md
// (no read receipts) marks read and says the service has none; the switch off sends nothing.
// Run inside the keyring harness; the built CLI (npx vite build -c vite.cli.config.ts) for spawnCli.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import { playgroundTabs, type RunningSandbox } from '../../../src-main/sandbox/index';
import { metaContactText } from '../helpers/meta-contact';
import { keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess, spawnCli } from './cli-harness';
import { closeShopFolder, contactTextArrives, openShopAndWindow, openWindow, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();
const NUMBER = '5511988887777';

let seq = 0;
/** the contact writes (Meta's webhook body, as the window's listener stores it) */
function contactWrites(window: Core, profileId: string): string {
  seq += 1;
  const id = `wamid.cli${seq}x${Date.now()}`;
  window.conversations.receive(profileId, metaContactText({ seq, id, number: NUMBER }, `question ${seq}`));
  return id;
}

function receipts(sandbox: RunningSandbox): unknown[] {
  return sandbox
    .requests()
    .filter((r) => r.method === 'POST' && (r.json as { status?: string } | undefined)?.status === 'read')
    .map((r) => r.json);
}

describe.skipIf(!available)("crm conversation --mark-read, Meta's shape", () => {
  let sandbox: RunningSandbox;
  let folder: ShopFolder;
  let window: Core;

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'meta' });
    const env = { CRM_DATA_DIR: await tempDir('crm-cli-receipts-'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-receipts') };
    const added = await runInProcess(['profiles', 'add', '--name', 'Meta', '--url', sandbox.baseUrl, '--json'], { env });
    const profileId = (JSON.parse(added.stdout) as { profile: { id: string } }).profile.id;
    expect((await runInProcess(['keys', 'add', '--name', 'ops'], { env, input: sandbox.adminKey })).code).toBe(0);
    for (const [operation, tab] of [
      ['text', 'text'],
      ['read', 'read'],
    ]) {
      const curl = playgroundTabs('meta', sandbox.baseUrl).find((t) => t.id === tab)!.curl;
      const taught = await runInProcess(['profiles', 'import-curl', '--operation', operation!], { env, input: curl });
      expect(taught.code, taught.stderr).toBe(0);
    }
    folder = { sandbox, env, profileId };
    window = await openWindow(folder);
  });
  afterAll(() => closeShopFolder(window));

  it('tells the service once for the newest message, and again only after the contact wrote anew', async () => {
    contactWrites(window, folder.profileId);
    const newest = contactWrites(window, folder.profileId);
    const run = await spawnCli(['conversation', NUMBER, '--mark-read'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('question');
    expect(run.stdout.trim().split('\n').at(-1)).toBe(`Marked read; the service was told (read receipt for ${newest}).`);
    expect(receipts(sandbox)).toEqual([{ messaging_product: 'whatsapp', status: 'read', message_id: newest }]);
    expect(run.stdout + run.stderr).not.toContain(sandbox.adminKey);

    const again = await runInProcess(['conversation', NUMBER, '--mark-read'], { env: folder.env });
    expect(again.stdout.trim().split('\n').at(-1)).toBe(
      'Marked read; nothing new to tell the service (no message from the contact since the last read receipt).',
    );
    expect(receipts(sandbox)).toHaveLength(1);

    const later = contactWrites(window, folder.profileId);
    const json = await runInProcess(['conversation', NUMBER, '--mark-read', '--json'], { env: folder.env });
    expect((JSON.parse(json.stdout) as { markedRead: unknown }).markedRead).toEqual({
      unreadTotal: 0,
      receipt: { kind: 'sent', messageId: later },
    });
    expect(receipts(sandbox)).toEqual([expect.anything(), { messaging_product: 'whatsapp', status: 'read', message_id: later }]);
    expect((await window.inbox.row({ profileId: folder.profileId, number: NUMBER }))?.unread).toBe(0);
  });

  it('a 500 from the service is no failure of the command: it says the service was not told, and the next run tries once more', async () => {
    const id = contactWrites(window, folder.profileId);
    sandbox.injectFaults([{ kind: 'status', status: 500 }], { method: 'POST', pathPrefix: '/v23.0/' });
    const run = await runInProcess(['conversation', NUMBER, '--mark-read'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      'Marked read; the service was not told (server_error (HTTP 500)); the next open tries once more.',
    );
    const retried = await runInProcess(['conversation', NUMBER, '--mark-read'], { env: folder.env });
    expect(retried.stdout.trim().split('\n').at(-1)).toBe(`Marked read; the service was told (read receipt for ${id}).`);
  });

  it('crm settings read-receipts off: nothing is sent, and the window reads the same setting', async () => {
    expect((await runInProcess(['settings', 'read-receipts'], { env: folder.env })).stdout.trim()).toBe('Read receipts: on.');
    expect((await runInProcess(['settings', 'read-receipts', 'off'], { env: folder.env })).stdout.trim()).toBe('Read receipts: off.');
    expect(window.inbox.readReceipts()).toEqual({ on: false });
    contactWrites(window, folder.profileId);
    const before = receipts(sandbox).length;
    const run = await runInProcess(['conversation', NUMBER, '--mark-read'], { env: folder.env });
    expect(run.stdout.trim().split('\n').at(-1)).toBe('Marked read; read receipts are off (crm settings read-receipts on).');
    expect(receipts(sandbox)).toHaveLength(before);
    const bad = await runInProcess(['settings', 'read-receipts', 'maybe'], { env: folder.env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('say on or off');
    expect(window.inbox.readReceipts()).toEqual({ on: false });
    expect((await runInProcess(['settings', 'read-receipts', 'on'], { env: folder.env })).code).toBe(0);
  });

  it('--mark-read with --follow, or a bad number: a clear error, nothing marked or sent', async () => {
    const before = receipts(sandbox).length;
    const both = await runInProcess(['conversation', NUMBER, '--mark-read', '--follow'], { env: folder.env });
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('--mark-read marks what is there now: use it without --follow');
    const bad = await runInProcess(['conversation', 'call me', '--mark-read'], { env: folder.env });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/number/i);
    expect(receipts(sandbox)).toHaveLength(before);
  });
});

describe.skipIf(!available)('crm conversation --mark-read, default API (no read receipts)', () => {
  let folder: ShopFolder, window: Core;

  beforeAll(async () => {
    ({ folder, window } = await openShopAndWindow('cli-receipts-default'));
  });
  afterAll(() => closeShopFolder(window));

  it('marks read, says the service has none, and sends nothing', async () => {
    contactTextArrives(window, folder.profileId, { id: 'in_1', number: NUMBER, text: 'Hi' });
    const before = folder.sandbox.requests().length;
    const run = await runInProcess(['conversation', NUMBER, '--mark-read'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      'Marked read; this service has no read receipts (teach one with crm profiles import-curl --operation read).',
    );
    // the conversation's contact name may be looked up; nothing is posted
    expect(
      folder.sandbox
        .requests()
        .slice(before)
        .filter((r) => r.method !== 'GET'),
    ).toEqual([]);
    expect((await window.inbox.row({ profileId: folder.profileId, number: NUMBER }))?.unread).toBe(0);
  });
});
