// The files a contact sends in the meta dialect, as Meta's Cloud API gives them: the webhook names
// only a media id; GET /v23.0/{media-id} with the key answers where the file is
// ({url, mime_type, sha256, file_size, id}), and GET of that url, with the key again, answers the
// bytes. The id says which sample it is (its second digit), so nothing is kept per message: any
// id the webhook named can be looked up, by any sandbox of this dialect, until it restarts.
import { createHash } from 'node:crypto';
import { json } from '../reply';
import type { Reply } from '../reply';
import type { Route } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import { MEDIA_SAMPLES, type ReplyMediaKind } from '../events/media-samples';
import { META_VERSION } from './meta-phone';

const KINDS: readonly ReplyMediaKind[] = ['image', 'audio', 'document'];
/** where the file's address points, like Meta's lookaside.fbsbx.com/whatsapp_business/attachments/ */
export const ATTACHMENTS_PATH = '/whatsapp_business/attachments/';
const MEDIA_ID = /^9([1-3])\d{14}$/;

/** the media id a received file is named by: 16 digits like Meta's, the same for the same message */
export function inboundMediaId(messageId: string, kind: ReplyMediaKind): string {
  const digits = BigInt(`0x${createHash('sha256').update(messageId).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(14, '0')
    .slice(-14);
  return `9${KINDS.indexOf(kind) + 1}${digits}`;
}

/** the sample a media id names, or null for any other id (a phone number id, an upload's) */
export function inboundSampleOf(id: string): ReplyMediaKind | null {
  const match = MEDIA_ID.exec(id);
  return match === null ? null : KINDS[Number(match[1]) - 1]!;
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Where the file's url points: the lookup's own origin, or the same server under another host name
 * (the mediaHost event option: `localhost` for `127.0.0.1`), another origin as Meta's
 * lookaside.fbsbx.com is to graph.facebook.com
 */
export function fileOrigin(origin: string, host: string | null): string {
  if (host === null || origin === '') return origin;
  try {
    const url = new URL(origin);
    url.hostname = host;
    return url.origin;
  } catch {
    return origin;
  }
}

/** GET /{version}/{media-id}: where the file is, for the key's holder */
export function mediaUrlAnswer(id: string, origin: string): Reply | null {
  const kind = inboundSampleOf(id);
  if (kind === null) return null;
  const sample = MEDIA_SAMPLES[kind];
  const url = `${origin}${ATTACHMENTS_PATH}?mid=${id}&ext=${Math.floor(Date.now() / 1000)}&hash=${sha256Of(Buffer.from(id)).slice(0, 12)}`;
  return json(200, {
    messaging_product: 'whatsapp',
    url,
    mime_type: sample.mimetype,
    sha256: sha256Of(sample.bytes),
    file_size: sample.bytes.length,
    id,
  });
}

/** the file's bytes at the address the lookup answered; the key is needed here too */
export const attachmentsRoute: Route = {
  method: 'GET',
  path: ATTACHMENTS_PATH,
  permission: 'messages:send',
  alsoAllows: () => true,
  maxBody: SMALL_BODY_LIMIT,
  json: false,
  idempotent: false,
  handle: ({ query }) => {
    const kind = inboundSampleOf(query.get('mid') ?? '');
    if (kind === null) return json(404, { error: { message: 'Media not found', type: 'OAuthException', code: 100 } });
    const sample = MEDIA_SAMPLES[kind];
    return {
      status: 200,
      body: null,
      headers: { 'Content-Type': sample.mimetype, 'Content-Length': String(sample.bytes.length), 'Cache-Control': 'no-store' },
      stream: (res) => res.end(sample.bytes),
    };
  },
};

/** the version's media lookups, for the route that also answers the phone number id */
export const MEDIA_LOOKUP_PATH = `/${META_VERSION}/:id`;
