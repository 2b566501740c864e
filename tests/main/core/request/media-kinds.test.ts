// Media kinds: a service shaped like Meta's Cloud API names the kind twice
// (`"type":"document","document":{...}`), so one pasted example teaches every kind: the chosen
// kind picks both the value and the key, a file name goes only with a document, and video and
// sticker are offered. A service described otherwise (or docs/API.md) keeps image and document, and
// says so before anything is sent.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../../src-main/core/api/curl/curl-parse';
import { proposeOperation } from '../../../../src-main/core/api/propose';
import { parseApiDescription } from '../../../../src-main/core/api/schema';
import type { OperationSpec } from '../../../../src-main/core/api/types';
import type { CrmError } from '../../../../src-main/core/errors';
import type { Operation } from '../../../../src-main/core/operations';
import { buildRequest } from '../../../../src-main/core/request/request-builder';
import type { MediaType } from '../../../../src-main/shared/file-purpose';
import { KIND_KEY, offeredMediaKinds } from '../../../../src-main/shared/media-kinds';

const BASE = 'https://graph.example.com/v23.0/106540352242922';
const DOCUMENT_EXAMPLE =
  `curl '${BASE}/messages' -H 'Authorization: Bearer TOKEN' -H 'Content-Type: application/json' -d ` +
  `'{"messaging_product":"whatsapp","recipient_type":"individual","to":"15551234567","type":"document",` +
  `"document":{"link":"https://example.com/a.pdf","filename":"a.pdf","caption":"Q3"}}'`;

function learned(curl = DOCUMENT_EXAMPLE): OperationSpec {
  const spec = proposeOperation(parseCurl(curl), 'messages.media', { profileBaseUrl: BASE }).spec;
  const checked = parseApiDescription({ version: 1, operations: { 'messages.media': spec } });
  expect(checked.ok, JSON.stringify(checked)).toBe(true);
  return spec;
}

function media(mediatype: MediaType, url: string, caption?: string): Operation {
  return {
    op: 'messages.media',
    input: { number: '+5511999990000', mediatype, source: { kind: 'url', url }, ...(caption === undefined ? {} : { caption }) },
    idempotencyKey: 'kind-0000000001',
  };
}

async function body(spec: OperationSpec | null, op: Operation): Promise<unknown> {
  const request = await buildRequest(op, {
    baseUrl: BASE,
    endpointOverrides: {},
    api: spec === null ? null : { version: 1, operations: { 'messages.media': spec } },
  });
  return request.body?.kind === 'json' ? JSON.parse(request.body.text) : null;
}

describe('media kinds learned from one example', () => {
  it('the document example keeps its shape under the kind key, and every kind is offered', () => {
    const spec = learned();
    expect(spec.body).toMatchObject({
      type: { $role: 'mediatype' },
      [KIND_KEY]: {
        link: { $role: 'media_url' },
        id: { $role: 'media_id' },
        filename: { $role: 'file_name' },
        caption: { $role: 'caption' },
      },
    });
    expect(offeredMediaKinds(spec)).toEqual(['image', 'video', 'document', 'sticker']);
  });

  it('an image goes out as {"type":"image","image":{link,caption}} without a file name', async () => {
    expect(await body(learned(), media('image', 'https://example.com/cat.png', 'a cat'))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990000',
      type: 'image',
      image: { link: 'https://example.com/cat.png', caption: 'a cat' },
    });
  });

  it('a document keeps its file name; a video and a sticker their own keys', async () => {
    expect(await body(learned(), media('document', 'https://example.com/files/q3.pdf'))).toMatchObject({
      type: 'document',
      document: { link: 'https://example.com/files/q3.pdf', filename: 'q3.pdf' },
    });
    expect(await body(learned(), media('video', 'https://example.com/clip.mp4', 'clip'))).toMatchObject({
      type: 'video',
      video: { link: 'https://example.com/clip.mp4', caption: 'clip' },
    });
    expect(await body(learned(), media('sticker', 'https://example.com/s.webp'))).toMatchObject({
      type: 'sticker',
      sticker: { link: 'https://example.com/s.webp' },
    });
  });

  it('the image example teaches the same: one example per service is enough', async () => {
    const spec = learned(
      DOCUMENT_EXAMPLE.replace(
        '"type":"document","document":{"link":"https://example.com/a.pdf","filename":"a.pdf","caption":"Q3"}',
        '"type":"image","image":{"link":"https://example.com/a.png","caption":"hi"}',
      ),
    );
    expect(await body(spec, media('document', 'https://example.com/files/q3.pdf'))).toMatchObject({
      type: 'document',
      document: { link: 'https://example.com/files/q3.pdf' },
    });
  });

  it('a sticker with a caption, a video URL that is not a video, and video for an API.md service are refused before sending', async () => {
    await expect(
      buildRequest(media('sticker', 'https://example.com/s.webp', 'no'), {
        baseUrl: BASE,
        endpointOverrides: {},
        api: { version: 1, operations: { 'messages.media': learned() } },
      }),
    ).rejects.toThrow(/cannot go with a sticker/);
    await expect(
      buildRequest(media('video', 'https://example.com/a.pdf'), {
        baseUrl: BASE,
        endpointOverrides: {},
        api: { version: 1, operations: { 'messages.media': learned() } },
      }),
    ).rejects.toThrow(/video/i);
    const err = (await buildRequest(media('video', 'https://example.com/clip.mp4'), {
      baseUrl: BASE,
      endpointOverrides: {},
      api: null,
    }).catch((e: unknown) => e)) as CrmError;
    expect(err.message).toMatch(/Media type must be "image" or "document": this service's Send Media takes those/);
  });

  it('a fix that names the type field a constant keeps the old one-kind behaviour', () => {
    const spec = proposeOperation(parseCurl(DOCUMENT_EXAMPLE), 'messages.media', {
      profileBaseUrl: BASE,
      fixes: { constant: ['type'] },
    }).spec;
    expect(spec.body).toMatchObject({ type: 'document', document: { link: { $role: 'media_url' }, id: { $role: 'media_id' } } });
    expect(offeredMediaKinds(spec)).toEqual(['image', 'document']);
  });
});
