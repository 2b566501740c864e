// This app's own sends in a conversation, against the real sandbox (docs/API.md's dialect): a
// photo and a voice note sent from files show from the copies main kept (after the files are
// gone), a template shows as its text with the parameters filled in once the service listed its
// body, and as its summary when the body is not known; a kept copy counts toward the media cap.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_SAMPLES } from '../../../../src-main/sandbox/events/media-samples';
import { addSandboxProfile, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { coresCleanedAfterEach } from '../../helpers/opened-cores';
import { openSandbox } from '../../helpers/sandbox';
import { filesContainingSecrets } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';

const NUMBER = '5511977776666';

const hasKeychain = await keychainAvailable();
const opened = coresCleanedAfterEach();

async function service(): Promise<{ t: TestCore; profileId: string; adminKey: string }> {
  const sandbox = await openSandbox();
  const t = await openTestCore('sent-extras', { processKind: 'crm' });
  opened.push(t);
  const { profileId } = await addSandboxProfile(t.core, sandbox, 'default', 'key');
  return { t, profileId, adminKey: sandbox.adminKey };
}

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const path = join(await tempDir('crm-sent-'), name);
  await writeFile(path, bytes);
  return path;
}

describe('own sends in a conversation', () => {
  it('a photo and a voice note sent from files show from the kept copies, after the files are gone', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { t, profileId, adminKey } = await service();
    const photo = await fileOf('photo.png', MEDIA_SAMPLES.image.bytes);
    const voice = await fileOf('voice-note-1.wav', MEDIA_SAMPLES.audio.bytes);
    const image = await t.core.messages.send(
      {
        op: 'messages.media',
        input: { number: NUMBER, mediatype: 'image', source: { kind: 'file', path: photo }, caption: 'The shelf' },
        idempotencyKey: randomUUID(),
      },
      { profileId },
    );
    const audio = await t.core.messages.send(
      { op: 'messages.audio', input: { number: NUMBER, source: { kind: 'file', path: voice } }, idempotencyKey: randomUUID() },
      { profileId },
    );
    expect([image.status, audio.status]).toEqual(['sent', 'sent']);
    await rm(photo);
    await rm(voice);

    const { items } = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(items.map((i) => [i.kind, i.text, i.media?.show, i.media?.mimetype])).toEqual([
      ['image', 'The shelf', 'preview', 'image/png'],
      ['audio', null, 'preview', 'audio/wav'],
    ]);
    const messageId = items[1]!.messageId!;
    const preview = await t.core.conversations.mediaPreview({ profileId, messageId });
    expect(preview.dataUrl).toBe(`data:audio/wav;base64,${MEDIA_SAMPLES.audio.bytes.toString('base64')}`);
    expect(t.core.inboundMedia.storedBytes()).toBe(MEDIA_SAMPLES.image.bytes.length + MEDIA_SAMPLES.audio.bytes.length);
    expect(await filesContainingSecrets(t.dataDir, [adminKey])).toEqual([]);
  });

  it('a template reads as its text with the parameters in place once the service listed its body; before that, as its summary', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { t, profileId } = await service();
    const send = (param: string) =>
      t.core.messages.send(
        {
          op: 'messages.template',
          input: { number: NUMBER, name: 'order_update', language: 'pt_BR', params: [param] },
          idempotencyKey: randomUUID(),
        },
        { profileId },
      );
    await send('#1041');
    const listed = await t.core.templates.list({ profileId });
    expect(listed.templates.find((x) => x.name === 'order_update')?.body).toBe('Your order {{1}} has an update.');
    await send('#1042');
    const { items } = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(items.map((i) => i.text)).toEqual(['order_update (pt_BR): #1041', 'Your order #1042 has an update.']);
  });

  it('a sent copy counts toward the media cap: past it, the oldest copy goes and its line keeps the file name', async (ctx) => {
    if (!hasKeychain) return ctx.skip();
    const { t, profileId } = await service();
    t.core.mediaCap.set(1);
    const big = Buffer.concat([MEDIA_SAMPLES.image.bytes, Buffer.alloc(700 * 1024)]);
    for (const name of ['first.png', 'second.png']) {
      const path = await fileOf(name, Buffer.concat([big, Buffer.from(name)]));
      await t.core.messages.send(
        {
          op: 'messages.media',
          input: { number: NUMBER, mediatype: 'image', source: { kind: 'file', path } },
          idempotencyKey: randomUUID(),
        },
        { profileId },
      );
    }
    const { items } = await t.core.conversations.thread({ profileId, number: NUMBER });
    expect(items.map((i) => [i.fileName, i.media?.show ?? null])).toEqual([
      ['first.png', null],
      ['second.png', 'preview'],
    ]);
    expect(t.core.inboundMedia.storedBytes()).toBeLessThanOrEqual(1024 * 1024);
  });
});
