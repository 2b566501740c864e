// crm send text --reply-to and crm send reaction against the real sandbox, from a saved data
// folder: in the default API's shape (replyTo, the reaction route) and in Meta's, taught from
// its reply and reaction cURLs; the quote and our reaction show in the conversation another
// process reads; a profile with no place for the quote or no reaction is refused, nothing sent.
// Run inside the keyring harness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/create-core';
import { playgroundTabs, type RunningSandbox } from '../../../src-main/sandbox/index';
import { CANNOT_QUOTE } from '../../../src-main/shared/quick-answers';
import { keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess } from './cli-harness';
import { closeShopFolder, openShopAfterSend, openWindow, type ShopFolder } from './shop-folder';

const available = await keychainAvailable();
const NUMBER = '5511999990001';

function posts(sandbox: RunningSandbox, path: string): unknown[] {
  return sandbox
    .requests()
    .filter((r) => r.method === 'POST' && r.path === path)
    .map((r) => r.json);
}

describe.skipIf(!available)('crm send text --reply-to and crm send reaction, default API', () => {
  let folder: ShopFolder, window: Core, first: string;

  beforeAll(async () => {
    ({ folder, window, messageId: first } = await openShopAfterSend('cli-quick', NUMBER, 'Your order ships today'));
  });
  afterAll(() => closeShopFolder(window));

  it('a quoted reply carries replyTo, and the conversation shows what it quotes', async () => {
    const run = await runInProcess(['send', 'text', '--to', NUMBER, '--text', 'Tracking: BR123', '--reply-to', first, '--json'], {
      env: folder.env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(posts(folder.sandbox, '/api/v1/messages/text').at(-1)).toEqual({ number: NUMBER, text: 'Tracking: BR123', replyTo: first });
    const thread = await window.conversations.thread({ profileId: folder.profileId, number: NUMBER });
    expect(thread.items.at(-1)).toMatchObject({
      text: 'Tracking: BR123',
      quote: { messageId: first, text: 'Your order ships today', direction: 'out' },
    });
  });

  it('a reaction goes to the reaction route and shows on the message; --emoji "" takes it back', async () => {
    const run = await runInProcess(['send', 'reaction', '--to', NUMBER, '--message', first, '--emoji', '👍'], { env: folder.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`Reacted 👍 to ${first}.`);
    expect(posts(folder.sandbox, '/api/v1/messages/reaction').at(-1)).toEqual({ number: NUMBER, messageId: first, emoji: '👍' });
    let thread = await window.conversations.thread({ profileId: folder.profileId, number: NUMBER });
    expect(thread.items[0]).toMatchObject({ messageId: first, reactions: { us: '👍', contact: null } });
    // never a line of its own
    expect(thread.items.filter((i) => i.text === '👍')).toEqual([]);

    const removed = await runInProcess(['send', 'reaction', '--to', NUMBER, '--message', first, '--emoji', ''], { env: folder.env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(posts(folder.sandbox, '/api/v1/messages/reaction').at(-1)).toEqual({ number: NUMBER, messageId: first, emoji: '' });
    thread = await window.conversations.thread({ profileId: folder.profileId, number: NUMBER });
    expect(thread.items[0]?.reactions).toBeUndefined();
  });

  it.each([
    ['no --emoji at all', ['--message', 'm_1'], /missing --emoji/],
    ['a word for an emoji', ['--message', 'm_1', '--emoji', 'yes'], /must be one emoji/],
    ['no --message', ['--emoji', '👍'], /missing --message/],
    ['a message id with a space', ['--message', 'm 1', '--emoji', '👍'], /Message must be the message's id/],
  ])('%s: a clear error, nothing sent', async (_name, args, message) => {
    const before = posts(folder.sandbox, '/api/v1/messages/reaction').length;
    const run = await runInProcess(['send', 'reaction', '--to', NUMBER, ...args], { env: folder.env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    expect(posts(folder.sandbox, '/api/v1/messages/reaction').length).toBe(before);
  });
});

const META_PATH = '/v23.0/106540352242922/messages';
const WAMID = 'wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEM3';
/** the sandbox playground's cURL of a tab, as a person copies it */
const tabCurl = (baseUrl: string, id: string): string => playgroundTabs('meta', baseUrl).find((t) => t.id === id)!.curl;

describe.skipIf(!available)("crm send text --reply-to and crm send reaction, Meta's shape", () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'meta' });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-quick-meta-'), CRM_KEYCHAIN_SERVICE: uniqueKeychainService('cli-quick-meta') };
    expect((await runInProcess(['profiles', 'add', '--name', 'Meta', '--url', sandbox.baseUrl], { env })).code).toBe(0);
    expect((await runInProcess(['keys', 'add', '--name', 'ops'], { env, input: sandbox.adminKey })).code).toBe(0);
  });
  afterAll(async () => {
    const window = await createWindow(env);
    await closeShopFolder(window);
  });

  it('with only the plain text example learned, --reply-to is refused with the reason and nothing is sent', async () => {
    const taught = await runInProcess(['profiles', 'import-curl', '--operation', 'text'], { env, input: tabCurl(sandbox.baseUrl, 'text') });
    expect(taught.code, taught.stderr).toBe(0);
    const before = posts(sandbox, META_PATH).length;
    const run = await runInProcess(['send', 'text', '--to', NUMBER, '--text', 'Yes', '--reply-to', WAMID], { env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(CANNOT_QUOTE);
    expect(run.stderr).toContain('run it again without --reply-to');
    const reaction = await runInProcess(['send', 'reaction', '--to', NUMBER, '--message', WAMID, '--emoji', '👍'], { env });
    expect(reaction.code).not.toBe(0);
    expect(reaction.stderr).toContain("This service's API description has no Send Reaction");
    expect(posts(sandbox, META_PATH).length).toBe(before);
  });

  it("taught the playground's Reply and Reaction tabs: context.message_id and type reaction reach the sandbox", async () => {
    const reply = await runInProcess(['profiles', 'import-curl', '--operation', 'text'], { env, input: tabCurl(sandbox.baseUrl, 'reply') });
    expect(reply.code, reply.stderr).toBe(0);
    const reaction = await runInProcess(['profiles', 'import-curl', '--operation', 'reaction'], {
      env,
      input: tabCurl(sandbox.baseUrl, 'reaction'),
    });
    expect(reaction.code, reaction.stderr).toBe(0);

    const sent = await runInProcess(['send', 'text', '--to', NUMBER, '--text', 'Your order ships today', '--json'], { env });
    expect(sent.code, sent.stderr).toBe(0);
    const id = (JSON.parse(sent.stdout) as { message: { id: string } }).message.id;
    expect(posts(sandbox, META_PATH).at(-1)).not.toHaveProperty('context');

    const quoted = await runInProcess(['send', 'text', '--to', NUMBER, '--text', 'Tracking: BR123', '--reply-to', id], { env });
    expect(quoted.code, quoted.stderr).toBe(0);
    expect(posts(sandbox, META_PATH).at(-1)).toMatchObject({ to: NUMBER, context: { message_id: id }, text: { body: 'Tracking: BR123' } });
    // the sandbox stored the quote as docs/API.md's replyTo
    const listed = await fetch(`${sandbox.baseUrl}/api/v1/messages?number=${NUMBER}`, {
      headers: { Authorization: `Bearer ${sandbox.adminKey}` },
    });
    expect(((await listed.json()) as { data: unknown[] }).data[0]).toMatchObject({ text: 'Tracking: BR123', replyTo: id });

    const reacted = await runInProcess(['send', 'reaction', '--to', NUMBER, '--message', id, '--emoji', '❤️'], { env });
    expect(reacted.code, reacted.stderr).toBe(0);
    expect(posts(sandbox, META_PATH).at(-1)).toMatchObject({ type: 'reaction', reaction: { message_id: id, emoji: '❤️' } });
  });
});

async function createWindow(env: Record<string, string>): Promise<Core> {
  return openWindow({ env, sandbox: undefined as never, profileId: '' });
}
