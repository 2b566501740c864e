// Files contacts send: the finder maps them from each vendor's shape (the address only when it
// is http(s)), main downloads an image or audio with limits (type, size, redirects), and the whole
// loop over real HTTP: the sandbox's contact answers with a file, posts it to the app's webhook
// listener, and the conversation shows it with the bytes the sandbox served. The loop runs inside
// the keyring harness (npm test).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findMessageEvents, type ReceivedEvent } from '../../../../src-main/core/events/event-finder';
import { fetchMedia } from '../../../../src-main/core/conversations/media-fetch';
import { parseWebhookBody } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import { MEDIA_SAMPLES } from '../../../../src-main/sandbox/events/media-samples';
import { twilioWebhookParams } from '../../../../src-main/sandbox/events/payloads-twilio';
import { addSandboxProfile } from '../../helpers/core';
import { keychainAvailable } from '../../helpers/keychain';
import { openSandbox } from '../../helpers/sandbox';
import { sendText } from '../../helpers/send-operations';
import { webhookLoop } from './webhook-loop';

const received = (payload: unknown): ReceivedEvent => {
  const [event] = findMessageEvents(payload);
  if (event?.kind !== 'received') throw new Error(`no received event in ${JSON.stringify(payload)}`);
  return event;
};

describe('the finder maps a received file', () => {
  it("in the default API's shape", () => {
    const event = received({
      event: 'message.received',
      data: {
        id: 'in_1',
        number: '5511999990001',
        type: 'image',
        text: 'the box',
        at: '2026-01-01T00:00:00Z',
        media: { url: 'https://files.example/p.png', mimetype: 'image/png', fileName: 'p.png' },
      },
    });
    expect(event).toMatchObject({
      type: 'image',
      text: 'the box',
      media: { url: 'https://files.example/p.png', mimetype: 'image/png', fileName: 'p.png' },
    });
  });

  it("in Twilio's form (the sandbox's own)", () => {
    const params = twilioWebhookParams({
      name: 'message.received',
      seq: 1,
      id: 'SM1',
      number: '5511999990001',
      profileName: 'Ana',
      type: 'audio',
      text: '',
      media: { url: 'https://api.twilio.example/Media/ME1', mimetype: 'audio/ogg', fileName: 'x.ogg' },
      at: new Date(),
      inReplyTo: 'SM0',
    });
    const event = received(parseWebhookBody(Buffer.from(new URLSearchParams(params).toString()), 'application/x-www-form-urlencoded'));
    expect(event).toMatchObject({ type: 'audio', media: { url: 'https://api.twilio.example/Media/ME1', mimetype: 'audio/ogg' } });
  });

  it("in Meta's shape, which gives a media id and no address: kept without one", () => {
    const event = received({
      messages: [
        {
          from: '5511999990001',
          id: 'wamid.1',
          timestamp: '1700000000',
          type: 'document',
          document: { id: '1234', mime_type: 'application/pdf', filename: 'invoice.pdf' },
        },
      ],
    });
    expect(event.media).toEqual({ url: null, mimetype: 'application/pdf', fileName: 'invoice.pdf' });
  });

  it('a bad address (file:, javascript:) is not kept, so it is never fetched', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const event = received({
        event: 'message.received',
        data: { id: 'in_bad', number: '5511999990001', type: 'image', media: { url, mimetype: 'image/png' } },
      });
      expect(event.media?.url).toBeNull();
    }
  });

  it('a text message has no media', () => {
    expect(
      received({ event: 'message.received', data: { id: 'in_t', number: '5511999990001', type: 'text', text: 'hi' } }).media,
    ).toBeNull();
  });
});

describe('fetchMedia', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/p.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(MEDIA_SAMPLES.image.bytes);
      if (req.url === '/moved') return void res.writeHead(302, { location: '/p.png' }).end();
      if (req.url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (req.url === '/to-lan') return void res.writeHead(302, { location: 'http://192.168.1.1/admin.png' }).end();
      if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>login</h1>');
      if (req.url === '/big') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(4096));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('downloads an image, following a redirect', async () => {
    const got = await fetchMedia(`${base}/moved`, { serviceHost: '127.0.0.1' });
    expect(got.mimetype).toBe('image/png');
    expect(got.bytes.equals(MEDIA_SAMPLES.image.bytes)).toBe(true);
  });

  it('refuses what is not an image or audio (an HTML page), a file too large, a redirect off http(s), a 404', async () => {
    await expect(fetchMedia(`${base}/page`, { serviceHost: '127.0.0.1' })).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringContaining('text/html'),
    });
    await expect(fetchMedia(`${base}/big`, { limit: 1024, serviceHost: '127.0.0.1' })).rejects.toMatchObject({ code: 'file_too_large' });
    await expect(fetchMedia(`${base}/to-file`, { serviceHost: '127.0.0.1' })).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringContaining('not http(s)'),
    });
    await expect(fetchMedia(`${base}/nothing`, { serviceHost: '127.0.0.1' })).rejects.toMatchObject({
      message: expect.stringContaining('HTTP 404'),
    });
  });

  it("an address on this machine or the local network is refused unless it is the service's own host, at every redirect", async () => {
    // an unsigned webhook could name any address: main must not be made to fetch the person's router
    await expect(fetchMedia(`${base}/p.png`)).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining('private or local network'),
    });
    await expect(fetchMedia(`${base}/p.png`, { serviceHost: 'crm.example.com' })).rejects.toMatchObject({ code: 'validation' });
    await expect(fetchMedia(`${base}/to-lan`, { serviceHost: '127.0.0.1' })).rejects.toMatchObject({
      code: 'validation',
      message: expect.stringContaining('192.168.1.1'),
    });
  });
});

const available = await keychainAvailable();
const app = webhookLoop();

describe.skipIf(!available)('the sandbox contact answers with a file, over a real webhook', () => {
  async function replyWith(kind: 'image' | 'audio' | 'document') {
    const sandbox = await openSandbox({
      contacts: 5,
      events: {
        statusDelaysMs: [50, 100, 150],
        replyFrom: ['5511999990001'],
        replyDelayMs: 100,
        replyText: 'Here it is',
        replyMedia: kind,
      },
    });
    const core = await app.openCore(`media-${kind}`);
    const { profileId } = await addSandboxProfile(core, sandbox, 'Shop', 'ops');
    const receiver = await app.listen(core, profileId);
    sandbox.configureEvents({ webhookUrl: receiver.urlFor(profileId), webhookRetryDelaysMs: [50] });
    await sendText(core.messages, { number: '5511999990001', text: 'Send me the file' });
    const item = await vi.waitFor(
      async () => {
        const thread = await core.conversations.thread({ number: '5511999990001' });
        const reply = thread.items.find((i) => i.direction === 'in');
        expect(reply).toBeDefined();
        return reply!;
      },
      { timeout: 15_000, interval: 100 },
    );
    return { core, item };
  }

  it('an image: shown from the bytes main downloaded, as a data: URL', { timeout: 30_000 }, async () => {
    const { core, item } = await replyWith('image');
    expect(item).toMatchObject({
      kind: 'image',
      text: 'Here it is',
      media: { mimetype: 'image/png', fileName: 'photo.png', show: 'preview' },
    });
    // the address stays in main
    expect(JSON.stringify(item)).not.toContain('/media/samples/');
    const preview = await core.conversations.mediaPreview({ messageId: item.messageId! });
    expect(preview.mimetype).toBe('image/png');
    expect(preview.dataUrl).toBe(`data:image/png;base64,${MEDIA_SAMPLES.image.bytes.toString('base64')}`);
  });

  it('a document: opened in the browser, not previewed (mediaPreview refuses it)', { timeout: 30_000 }, async () => {
    const { core, item } = await replyWith('document');
    expect(item.media).toMatchObject({ mimetype: 'application/pdf', fileName: 'invoice.pdf', show: 'link' });
    await expect(core.conversations.mediaPreview({ messageId: item.messageId! })).rejects.toMatchObject({ code: 'validation' });
    expect(await core.conversations.mediaAddress({ messageId: item.messageId! })).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/media\/samples\/invoice\.pdf$/,
    );
  });

  it('audio: previewed as a player; a message id that carried no file is refused', { timeout: 30_000 }, async () => {
    const { core, item } = await replyWith('audio');
    expect(item.media).toMatchObject({ mimetype: 'audio/wav', show: 'preview' });
    expect((await core.conversations.mediaPreview({ messageId: item.messageId! })).dataUrl).toMatch(/^data:audio\/wav;base64,UklGR/);
    await expect(core.conversations.mediaPreview({ messageId: 'in_never_received' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
