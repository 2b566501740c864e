// `crm messages` for a profile whose service lists no messages: marked absent (crm profiles
// not-offered messages), it lists the app's own record with one line saying so and exits 0,
// never asking the service; a service listing that answers empty falls back the same way; and
// each line shows the state the service's events gave (Read where the conversation shows Read),
// as the window's listener stored it in the shared data folder. Real sandbox, keychain, crm.db.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import type { MessageHistoryPage } from '../../../src-main/shared/message-history';
import { keychainAvailable } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { closeShopFolder, openShopAfterSend, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();
const NUMBER = '5511999990001';

function lastLine(text: string): string | undefined {
  return text.trimEnd().split('\n').at(-1);
}

describe.skipIf(!available)("crm messages from the app's own record", () => {
  let folder: ShopFolder, window: Core, messageId: string;

  beforeAll(async () => {
    ({ folder, window, messageId } = await openShopAfterSend('cli-messages-record', `+${NUMBER}`, 'Your order ships today'));
    // the window's listener stores what the service posted: the message was read
    const read = { id: messageId, number: NUMBER, status: 'read', at: new Date().toISOString() };
    window.conversations.receive(folder.profileId, { event: 'message.status', data: read });
  });

  afterAll(() => closeShopFolder(window));

  it("shows the state the conversation shows, from the service's listing too", async () => {
    const run = await runInProcess(['messages', '--json'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    const page = JSON.parse(run.stdout) as MessageHistoryPage;
    expect(page.source).toBe('service');
    expect(page.items.find((m) => m.id === messageId)?.status).toBe('read');
  });

  it('an empty service listing falls back to the record, saying so in one line', async () => {
    const empty = '{"data":[],"meta":{"page":1,"per_page":50,"total":0}}';
    const listing = { method: 'GET', pathPrefix: '/api/v1/messages' };
    folder.sandbox.injectFaults([{ kind: 'status', status: 200, contentType: 'application/json', body: empty }], listing);
    const run = await runInProcess(['messages'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Your order ships today');
    expect(lastLine(run.stdout)).toBe("The service's message listing is empty; this is the app's own record of what it sent.");
  });

  it('a listing marked absent is never asked for: the record is listed, with its state, one line saying why, exit 0', async () => {
    const marked = await runInProcess(['profiles', 'not-offered', 'messages'], { env: folder.env });
    expect(marked.code, marked.stderr).toBe(0);
    const before = folder.sandbox.requests().length;
    const table = await runInProcess(['messages'], { env: folder.env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Your order ships today/);
    const why = "This profile's API says the service has no message listing; this is the app's own record of what it sent.";
    expect(lastLine(table.stdout)).toBe(why);
    const json = await runInProcess(['messages', '--to', `+${NUMBER}`, '--json'], { env: folder.env });
    expect(json.code, json.stderr).toBe(0);
    const page = JSON.parse(json.stdout) as MessageHistoryPage;
    expect(page).toMatchObject({ source: 'record', total: 1 });
    expect(page.items.map((m) => [m.id, m.status])).toEqual([[messageId, 'read']]);
    expect(folder.sandbox.requests().length).toBe(before);
  });

  it('a bad number is still refused (1) with the listing marked absent', async () => {
    const bad = await runInProcess(['messages', '--to', '12ab', '--json'], { env: folder.env });
    expect(bad.code).toBe(1);
    const details = [expect.objectContaining({ field: 'number' })];
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: 'validation', details } });
  });
});
