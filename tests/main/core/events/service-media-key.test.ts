// A Twilio-shaped image reply (MediaUrl0, MediaContentType0, NumMedia) posted over real HTTP to the
// real receiver: the file's address is on the service's own origin, which asks for the key the
// sends use, so the preview is fetched with it; the key never follows a redirect to another
// origin, and an address elsewhere is fetched without it. Real HTTP servers play the service and
// its storage; real keychain and crm.db.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import { MEDIA_SAMPLES } from '../../../../src-main/sandbox/events/media-samples';
import { addProfileWithKey, openTestCore, type TestCore } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';

const available = await keychainAvailable();
const KEY = 'service-key-for-media-7781';
const PNG = MEDIA_SAMPLES.image.bytes;
const ACCOUNT = 'AC0000000000000000000000000000000b';
/** where Twilio keeps a message's files, under its API */
const MESSAGES = `/2010-04-01/Accounts/${ACCOUNT}/Messages`;

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer;
}

interface Served {
  server: Server;
  origin: string;
  /** the headers of every request, in order */
  seen: IncomingHttpHeaders[];
}

async function serve(handle: (path: string, headers: IncomingHttpHeaders) => Answer): Promise<Served> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    const answer = handle(req.url ?? '/', req.headers);
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe.skipIf(!available)("a file kept on the service's own origin", () => {
  let t: TestCore;
  let receiver: WebhookReceiver;
  let profileId: string;
  let service: Served;
  let storage: Served;

  beforeAll(async () => {
    storage = await serve(() => ({ status: 200, headers: { 'content-type': 'image/png' }, body: PNG }));
    service = await serve((path, headers): Answer => {
      if (path.endsWith('/Media/ME0002')) return { status: 307, headers: { location: `${storage.origin}/signed/ME0002.png` } };
      const refused = { status: 401, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"Authenticate"}') };
      if (headers.authorization !== `Bearer ${KEY}`) return refused;
      return { status: 200, headers: { 'content-type': 'image/png' }, body: PNG };
    });
    t = await openTestCore('service-media-key');
    ({ profileId } = await addProfileWithKey(t.core, { name: 'Shop', baseUrl: service.origin }, { name: 'ops', value: KEY }));
    const { core } = t;
    receiver = await startWebhookReceiver(
      {
        exists: async (id) => id === profileId,
        secretOf: async () => null,
        verifyTokenOf: async () => null,
        receive: (id, payload) => core.conversations.receive(id, payload),
        postsForms: async () => true,
      },
      { port: 0 },
    );
  });

  afterAll(async () => {
    await receiver?.close();
    await t?.cleanup();
    await new Promise((resolve) => service?.server.close(resolve));
    await new Promise((resolve) => storage?.server.close(resolve));
  });

  const reply = async (sid: string, mediaUrl: string): Promise<string> => {
    const form = new URLSearchParams({
      AccountSid: ACCOUNT,
      MessageSid: sid,
      SmsSid: sid,
      SmsStatus: 'received',
      From: 'whatsapp:+5511999990001',
      To: 'whatsapp:+15550001111',
      Body: 'the receipt',
      NumMedia: '1',
      MediaContentType0: 'image/png',
      MediaUrl0: mediaUrl,
      ProfileName: 'Ana Souza',
      WaId: '5511999990001',
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await fetch(receiver.urlFor(profileId), { method: 'POST', headers, body: form.toString() });
    expect(await res.json()).toEqual({ received: 1 });
    const item = (await t.core.conversations.thread({ number: '5511999990001' })).items.find((i) => i.messageId === sid);
    expect(item).toMatchObject({ kind: 'image', text: 'the receipt', media: { mimetype: 'image/png', show: 'preview' } });
    return sid;
  };

  it("is previewed with the key the sends use, sent to the service's origin only", async () => {
    const sid = await reply('MM00000000000000000000000000000011', `${service.origin}${MESSAGES}/MM11/Media/ME0001`);
    const preview = await t.core.conversations.mediaPreview({ messageId: sid });
    expect(preview.dataUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(service.seen.at(-1)?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('the key does not follow a redirect to the storage on another origin', async () => {
    const sid = await reply('MM00000000000000000000000000000012', `${service.origin}${MESSAGES}/MM12/Media/ME0002`);
    const before = storage.seen.length;
    expect((await t.core.conversations.mediaPreview({ messageId: sid })).bytes).toBe(PNG.length);
    expect(storage.seen.length).toBe(before + 1);
    expect(storage.seen.at(-1)?.authorization).toBeUndefined();
  });

  it('an address on another origin is fetched without the key', async () => {
    const sid = await reply('MM00000000000000000000000000000013', `${storage.origin}/public/ME0003.png`);
    expect((await t.core.conversations.mediaPreview({ messageId: sid })).bytes).toBe(PNG.length);
    expect(storage.seen.at(-1)?.authorization).toBeUndefined();
    expect(JSON.stringify(storage.seen)).not.toContain(KEY);
  });
});
