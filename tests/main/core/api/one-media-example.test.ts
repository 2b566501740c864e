// One media example of a Meta-shaped send teaches every kind, each with only its own fields: the
// image example sends a document with its file name, the audio example an image with its caption
// and without the audio's voice flag, any kind's example an audio without caption or file name,
// and the by-id example a URL by link. Each is sent to the sandbox's meta dialect over loopback,
// which refuses a field a kind does not take.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import type { DescribedOperation } from '../../../../src-main/core/api/types';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import { keychainAvailable } from '../../helpers/keychain';
import { sandboxHandlersForSuite } from '../../helpers/sandbox-handlers';
import { sendAudio, sendMedia } from '../../helpers/send-operations';

const hasKeychain = await keychainAvailable();
const PATH = '/v23.0/106540352242922/messages';
const ENVELOPE = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '15550001111' };
const IMAGE = { ...ENVELOPE, type: 'image', image: { link: 'https://files.example.org/sample.jpg', caption: 'Sample caption' } };
const AUDIO = { ...ENVELOPE, type: 'audio', audio: { link: 'https://files.example.org/sample.ogg', voice: true } };
const BY_ID = { ...ENVELOPE, type: 'image', image: { id: '4455667788990011' } };

function curl(base: string, body: unknown): string {
  return `curl '${base}${PATH}' -H 'Authorization: Bearer YOUR_API_KEY' -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`;
}

describe("a kind object learned from another kind's example", () => {
  it("Send Media gains a caption and a file name, and drops an audio's voice flag", () => {
    const spec = proposeOperation(parseCurl(curl('https://graph.example.org', AUDIO)), 'messages.media').spec;
    const kind = { caption: { $role: 'caption' }, filename: { $role: 'file_name' } };
    expect(spec.body).toMatchObject({ type: { $role: 'mediatype' }, $mediatype: kind });
    expect(JSON.stringify(spec.body)).not.toContain('voice');
  });

  it('Send Audio sends "audio" under its own key, without the image\'s caption', () => {
    const proposal = proposeOperation(parseCurl(curl('https://graph.example.org', IMAGE)), 'messages.audio');
    const audio = { link: { $role: 'audio_url' }, id: { $role: 'media_id' } };
    expect(proposal.spec.body).toEqual({ ...ENVELOPE, to: { $role: 'number' }, type: 'audio', audio });
    expect(proposal.rows.map((r) => r.field)).not.toContain('image.caption');
  });

  it("the by-id example's id is a sample: the uploaded file's id, with a link for a URL", () => {
    const spec = proposeOperation(parseCurl(curl('https://graph.example.org', BY_ID)), 'messages.media').spec;
    expect(spec.body).toMatchObject({ $mediatype: { id: { $role: 'media_id' }, link: { $role: 'media_url' } } });
    expect(JSON.stringify(spec.body)).not.toContain('4455667788990011');
  });
});

describe("a flat body's kind field", () => {
  const FLAT = { to: '15550001111', type: 'image', url: 'https://files.example.org/sample.jpg', caption: 'Sample', filename: 'sample.jpg' };

  it('is the kind being sent, not the example\'s: a document goes as "document" with its file name', async () => {
    const base = 'https://api.example.org';
    const spec = proposeOperation(parseCurl(curl(base, FLAT)), 'messages.media').spec;
    expect(spec.body).toMatchObject({ type: { $role: 'mediatype' }, filename: { $role: 'file_name' } });
    const url = 'https://files.example.org/q3.pdf';
    const input = { number: '+15550002222', mediatype: 'document' as const, source: { kind: 'url' as const, url } };
    const target = { baseUrl: base, endpointOverrides: {}, api: { version: 1 as const, operations: { 'messages.media': spec } } };
    const request = await buildRequest({ op: 'messages.media', input, idempotencyKey: 'flat-kind-000001' }, target);
    const sent: unknown = request.body?.kind === 'json' ? JSON.parse(request.body.text) : null;
    expect(sent).toMatchObject({ type: 'document', url, filename: 'q3.pdf' });
  });

  it('stays a constant when a fix says so', () => {
    const fixes = { constant: ['type'] };
    const spec = proposeOperation(parseCurl(curl('https://api.example.org', FLAT)), 'messages.media', { fixes }).spec;
    expect(spec.body).toMatchObject({ type: 'image' });
  });
});

describe.skipIf(!hasKeychain)('sent to the meta sandbox', () => {
  const h = sandboxHandlersForSuite({
    label: 'one-media-example',
    sandbox: { dialect: 'meta', rate: 1000, burst: 1000 },
    profile: { name: 'meta' },
    keyName: 'token',
  });

  async function teach(operation: DescribedOperation, body: unknown): Promise<void> {
    const proposal = await h.tc.core.api.propose(h.profileId, operation, curl(h.sandbox.baseUrl, body));
    await h.tc.core.api.save(h.profileId, operation, proposal.spec);
  }
  const lastPost = () =>
    h.sandbox
      .requests()
      .filter((r) => r.method === 'POST')
      .at(-1)!;

  it('the image example sends a document with its file name', async () => {
    await teach('messages.media', IMAGE);
    const url = 'https://files.example.org/report-q3.pdf';
    const source = { kind: 'url' as const, url };
    const sent = await sendMedia(h.tc.core.messages, { number: '+15550002222', mediatype: 'document', source }, { profileId: h.profileId });
    expect(sent.status).toBe('sent');
    expect(lastPost().json).toMatchObject({ type: 'document', document: { link: url, filename: 'report-q3.pdf' } });
  });

  it('the audio example sends an image with its caption, no voice flag, no file name', async () => {
    await teach('messages.media', AUDIO);
    const source = { kind: 'url' as const, url: 'https://files.example.org/logo.png' };
    const input = { number: '+15550002222', mediatype: 'image' as const, caption: 'Our logo', source };
    const sent = await sendMedia(h.tc.core.messages, input, { profileId: h.profileId });
    expect(sent.status).toBe('sent');
    expect(lastPost().json).toMatchObject({ type: 'image', image: { link: 'https://files.example.org/logo.png', caption: 'Our logo' } });
    expect(lastPost().json).not.toHaveProperty('image.voice');
    expect(lastPost().json).not.toHaveProperty('image.filename');
  });

  it('the image example teaches Send Audio: "audio" with its link only', async () => {
    await teach('messages.audio', IMAGE);
    const source = { kind: 'url' as const, url: 'https://files.example.org/note.ogg' };
    const sent = await sendAudio(h.tc.core.messages, { number: '+15550002222', source }, { profileId: h.profileId });
    expect(sent.status).toBe('sent');
    expect(lastPost().json).toMatchObject({ type: 'audio', audio: { link: 'https://files.example.org/note.ogg' } });
    expect(Object.keys((lastPost().json as { audio: object }).audio)).toEqual(['link']);
  });
});
