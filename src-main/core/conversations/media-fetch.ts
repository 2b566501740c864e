// Downloads a file a contact sent, in main, through undici (the window may not reach the network:
// its CSP has connect-src 'none'). The address came from a webhook payload, which may be
// unsigned, so: http(s) only, the key sent only to the service's own origin and never past a
// redirect elsewhere (service-file-auth.ts; Meta's media ids go through inbound-media.ts), a few redirects at most (Twilio's
// MediaUrl redirects to its storage), a size cap, a time limit, and only image and audio types,
// the two the window shows from the bytes.
import { isIP } from 'node:net';
import { CrmError } from '../errors';
import { readBytesCapped } from '../http/response-body';
import { chooseRoute, dispatcherVia, environmentRoute, type NetworkRoute } from '../http/network/dispatcher-cache';
import { requestUrl } from '../http/undici';
import { bareHost, mediaHostProblem } from './media-address-policy';
import { guardedLookup, systemLookup, type LookupAll } from './media-connect-guard';

/** a preview is a photo or a voice note: past this it is opened in the browser instead */
export const MEDIA_PREVIEW_LIMIT = 8 * 1024 * 1024;
const MEDIA_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export interface FetchedMedia {
  mimetype: string;
  bytes: Buffer;
}

/** the kinds the window shows from bytes (an <img>, an <audio>); a document is opened in the browser */
export function isPreviewType(mimetype: string | null): boolean {
  return (
    mimetype !== null && /^(image\/(png|jpeg|gif|webp)|audio\/(ogg|mpeg|mp4|aac|wav|x-wav|wave|webm|amr))(;.*)?$/i.test(mimetype.trim())
  );
}

function checkedUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new CrmError('bad_response', "The file's address is not a valid URL");
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CrmError('bad_response', `The file's address is not http(s) (${url.protocol})`);
  return url;
}

/**
 * Refuses a host on a private network unless it is the service's own (media-address-policy.ts),
 * at every hop. By name first: an IP literal (in any of its IPv6 spellings) or localhost, never
 * looked up. A name is judged again on the address the connection actually uses
 * (media-connect-guard.ts); only through a proxy, which looks the name up itself, is this
 * answer the last word.
 */
async function checkHost(url: URL, serviceHost: string | null, lookup: LookupAll): Promise<void> {
  const name = bareHost(url.hostname);
  const addresses =
    isIP(name) !== 0
      ? []
      : await new Promise<string[]>((resolve) =>
          lookup(name, { all: true }, (err, found) => resolve(err ? [] : found.map((a) => a.address))),
        );
  const problem = mediaHostProblem(url.hostname, addresses, serviceHost);
  if (problem !== null) throw new CrmError('validation', problem);
}

export interface FetchMediaOptions {
  limit?: number;
  route?: NetworkRoute;
  signal?: AbortSignal;
  /** the profile's service host: the one local address files may come from */
  serviceHost?: string | null;
  /** how names are looked up, before the fetch and at connect (tests: a name that changes its answer) */
  lookup?: LookupAll;
  /**
   * the key's header, sent only to this origin (the service's own: Twilio's media URLs take its
   * Basic credential), never past a redirect elsewhere
   */
  serviceAuth?: { origin: string; header: { name: string; value: string } };
}

function requestHeaders(url: URL, auth: FetchMediaOptions['serviceAuth']): Record<string, string> {
  const headers: Record<string, string> = { accept: 'image/*, audio/*' };
  if (auth !== undefined && url.origin === auth.origin) headers[auth.header.name] = auth.header.value;
  return headers;
}

export async function fetchMedia(address: string, options: FetchMediaOptions = {}): Promise<FetchedMedia> {
  const limit = options.limit ?? MEDIA_PREVIEW_LIMIT;
  const route = options.route ?? environmentRoute();
  const signal = options.signal ?? AbortSignal.timeout(MEDIA_TIMEOUT_MS);
  let url = checkedUrl(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const serviceHost = options.serviceHost ?? null;
    await checkHost(url, serviceHost, options.lookup ?? systemLookup);
    const timeouts = { connectTimeoutMs: MEDIA_TIMEOUT_MS, headersTimeoutMs: MEDIA_TIMEOUT_MS, bodyTimeoutMs: MEDIA_TIMEOUT_MS };
    const dispatcher = dispatcherVia(url.origin, await chooseRoute(url.origin, route), timeouts, {
      lookup: guardedLookup(serviceHost, options.lookup),
    });
    try {
      const res = await requestUrl(dispatcher, url, { method: 'GET', signal, headers: requestHeaders(url, options.serviceAuth) });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
        await res.body.dump();
        url = checkedUrl(location, url.href);
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new CrmError('bad_response', `The file could not be downloaded (HTTP ${res.statusCode})`);
      }
      const type = res.headers['content-type'];
      const mimetype = (Array.isArray(type) ? type[0] : type) ?? null;
      if (!isPreviewType(mimetype)) {
        await res.body.dump();
        throw new CrmError('bad_response', `The file is ${mimetype ?? 'of no stated type'}, not an image or audio the window can show`);
      }
      const length = Number(res.headers['content-length']);
      if (Number.isFinite(length) && length > limit) {
        await res.body.dump();
        throw new CrmError(
          'file_too_large',
          `The file is larger than ${Math.round(limit / 1024 / 1024)} MB: open it in the browser instead`,
        );
      }
      return {
        mimetype: mimetype!.split(';')[0]!.trim().toLowerCase(),
        bytes: await readBytesCapped(
          res.body,
          limit,
          () =>
            new CrmError('file_too_large', `The file is larger than ${Math.round(limit / 1024 / 1024)} MB: open it in the browser instead`),
        ),
      };
    } catch (err) {
      if (err instanceof CrmError) throw err;
      throw new CrmError('network', `The file could not be downloaded: ${err instanceof Error ? err.message : 'no answer'}`);
    } finally {
      void dispatcher.destroy().catch(() => undefined);
    }
  }
  throw new CrmError('bad_response', `The file's address redirects more than ${MAX_REDIRECTS} times`);
}
