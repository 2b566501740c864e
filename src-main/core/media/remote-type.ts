// What a media URL points at, asked of the server that hosts it, for a URL whose name has no
// telling extension (".../download?id=42"). HEAD first; where HEAD is refused, a GET of one byte.
// The person asks for it; no API key or other credential is sent; redirects are followed a few
// times, http(s) only.
import type { Dispatcher } from 'undici';
import { CrmError } from '../errors';
import { dispatcherFor, environmentRoute, type NetworkRoute } from '../http/network/dispatcher-cache';
import { requestUrl } from '../http/undici';
import { baseMimetype, isMimetype } from './mimetypes';

export interface RemoteType {
  mimetype: string | null;
  /** why there is no answer, for the person */
  reason: string | null;
}

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 8_000;

/** the type a Content-Type header names, when it says something (octet-stream says nothing) */
export function typeFromHeader(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const base = baseMimetype(contentType);
  return isMimetype(base) && base !== 'application/octet-stream' ? base : null;
}

export async function detectRemoteType(url: string, route: NetworkRoute = environmentRoute(), timeoutMs = TIMEOUT_MS): Promise<RemoteType> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { mimetype: null, reason: 'That is not a URL.' };
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return { mimetype: null, reason: 'Only http(s) URLs can be asked.' };
    const answer = await ask(target, route, timeoutMs);
    if ('error' in answer) return { mimetype: null, reason: answer.error };
    if (answer.location) {
      target = new URL(answer.location, target);
      continue;
    }
    if (answer.status >= 400) return { mimetype: null, reason: `The server answered ${answer.status}: check the URL.` };
    const mimetype = typeFromHeader(answer.contentType);
    return mimetype ? { mimetype, reason: null } : { mimetype: null, reason: 'The server does not say what the file is: choose its type.' };
  }
  return { mimetype: null, reason: 'Too many redirects.' };
}

async function ask(
  target: URL,
  route: NetworkRoute,
  timeoutMs: number,
): Promise<{ status: number; contentType?: string; location?: string } | { error: string }> {
  let dispatcher: Dispatcher;
  try {
    dispatcher = await dispatcherFor(target.origin, route, {
      connectTimeoutMs: timeoutMs,
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs,
    });
  } catch (err) {
    // the proxy settings name no usable way out: their sentence says which
    return { error: err instanceof CrmError ? err.message : `No way out to ${target.host}.` };
  }
  try {
    for (const method of ['HEAD', 'GET'] as const) {
      const res = await requestUrl(dispatcher, target, {
        method,
        headers: method === 'GET' ? { range: 'bytes=0-0' } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body.dump();
      // some servers refuse HEAD: the one-byte GET tells the same
      if (method === 'HEAD' && [403, 405, 501].includes(res.statusCode)) continue;
      const header = (name: string): string | undefined => {
        const value = res.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const location = res.statusCode >= 300 && res.statusCode < 400 ? header('location') : undefined;
      return {
        status: res.statusCode,
        ...(header('content-type') ? { contentType: header('content-type')! } : {}),
        ...(location ? { location } : {}),
      };
    }
    return { error: 'The server refused to say what the file is.' };
  } catch {
    return { error: `No answer from ${target.host}: check the URL and the connection.` };
  } finally {
    void dispatcher.destroy().catch(() => undefined);
  }
}
