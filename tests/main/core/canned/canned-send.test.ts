// A canned response with a file goes as media with its filled text as the caption, through the
// real sandbox: a file on this computer (read by main; the window names only the canned
// response) and a URL; one without a file, or an unknown name, is refused with the reason.
// A text or a reaction holding a saved key is refused before anything is stored or sent. Run
// inside the keyring harness.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { addSandboxProfile, openTestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox } from '../../helpers/sandbox';
import { coresCleanedAfterEach } from '../../helpers/opened-cores';
import { tempDir } from '../../helpers/temp-dir';

const available = await keychainAvailable();
const NUMBER = '5511999990001';
const cores = coresCleanedAfterEach();

/** A fresh core whose profile "Shop" talks to a fresh sandbox with its admin key, saved as "ops". */
async function shopOnSandbox(label: string): Promise<{ sandbox: RunningSandbox; core: Core }> {
  const sandbox = await openSandbox();
  const tc = await openTestCore(label);
  cores.push(tc);
  await addSandboxProfile(tc.core, sandbox, 'Shop', 'ops');
  return { sandbox, core: tc.core };
}

describe.skipIf(!available)('sending a canned response with a file', () => {
  it('a file goes as a document with the caption; a URL image as an image', async () => {
    const { sandbox, core } = await shopOnSandbox('canned-send');
    const dir = await tempDir('crm-canned-file-');
    const path = join(dir, 'prices.pdf');
    await writeFile(path, '%PDF-1.4\n% price list\n');
    await core.canned.add({ name: 'prices', text: 'Our prices, {{contact.name}}', media: path });
    await core.canned.add({ name: 'menu', text: 'Our menu', media: 'https://example.com/menu.jpg', shared: true });
    expect(core.canned.list().map((c) => c.media)).toEqual([
      { kind: 'url', url: 'https://example.com/menu.jpg' },
      { kind: 'file', fileName: 'prices.pdf' },
    ]);

    const sent = await core.canned.sendMedia({ name: 'prices', number: NUMBER, caption: 'Our prices, Ana' });
    expect(sent).toMatchObject({ status: 'sent', message: { type: 'media', number: NUMBER } });
    const posts = () =>
      sandbox
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/media')
        .map((r) => r.json as Record<string, unknown>);
    expect(posts().at(-1)).toMatchObject({
      number: NUMBER,
      mediatype: 'document',
      mimetype: 'application/pdf',
      fileName: 'prices.pdf',
      caption: 'Our prices, Ana',
      media: Buffer.from('%PDF-1.4\n% price list\n').toString('base64'),
    });

    await core.canned.sendMedia({ name: 'menu', number: NUMBER, caption: 'Our menu' });
    expect(posts().at(-1)).toMatchObject({
      number: NUMBER,
      mediatype: 'image',
      media: 'https://example.com/menu.jpg',
      caption: 'Our menu',
    });
  });

  it('one without a file, or an unknown name, is refused and nothing is sent', async () => {
    const { sandbox, core } = await shopOnSandbox('canned-send-refused');
    await core.canned.add({ name: 'thanks', text: 'Thank you!' });
    await expect(core.canned.sendMedia({ name: 'thanks', number: NUMBER, caption: 'x' })).rejects.toThrow(
      'The canned response thanks has no file: send its text as a reply',
    );
    await expect(core.canned.sendMedia({ name: 'nope', number: NUMBER, caption: 'x' })).rejects.toThrow('No canned response is named nope');
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a text or a reaction holding a saved key is refused: never stored on disk, never sent', async () => {
    const { sandbox, core } = await shopOnSandbox('canned-key-leak');
    await expect(core.canned.add({ name: 'leak', text: `Use ${sandbox.adminKey} to log in` })).rejects.toThrow(
      /^This text contains the key "ops"/,
    );
    expect(core.canned.list()).toEqual([]);
    await expect(core.quick.react({ number: NUMBER, messageId: sandbox.adminKey, emoji: '👍' })).rejects.toThrow(
      /^This text contains the key "ops"/,
    );
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toEqual([]);
  });
});
