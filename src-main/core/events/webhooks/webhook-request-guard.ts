// Who may post to the local webhook listener. It listens on 127.0.0.1, which every web page the
// person opens can also reach: a page may send a cross-origin "simple" POST (text/plain, a form)
// there without asking first, and a page whose name was made to point at 127.0.0.1 (DNS
// rebinding) may send anything. An unsigned profile has only its id in the address to stop
// either. Services post from their servers, which never send what a browser always does, so:
// - an `Origin` header is refused: browsers send it on every POST, cross-origin or not; servers don't;
// - the body must be the type the vendor sends: JSON, and a form only for a profile whose service
//   speaks forms (Twilio); text/plain and multipart never come from a service;
// - the `Host` must be the listener's own (127.0.0.1:PORT, localhost:PORT), or the request must
//   carry a header only a forwarding tunnel adds (X-Forwarded-Host, X-Forwarded-For or
//   Forwarded): a page cannot add those cross-origin without a preflight, which is never
//   granted, and a rebound page's own POST is already refused by its Origin.
// Pure: the request's headers in, a refusal or null out.
import type { IncomingHttpHeaders } from 'node:http';

export type WebhookRefusal = 'browser_origin' | 'foreign_host' | 'unexpected_content_type';

const TUNNEL_HEADERS = ['x-forwarded-host', 'x-forwarded-for', 'forwarded'] as const;

/** the request came through a tunnel or proxy that says it forwarded it */
export function forwardedByTunnel(headers: IncomingHttpHeaders): boolean {
  return TUNNEL_HEADERS.some((name) => {
    const value = headers[name];
    return typeof value === 'string' ? value.trim() !== '' : Array.isArray(value) && value.length > 0;
  });
}

/** the Host values that name the listener itself, for the address it listens on */
export function ownHosts(listenHost: string, port: number): string[] {
  const named = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  return [`${named}:${port}`, `localhost:${port}`].map((h) => h.toLowerCase());
}

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** the media type alone, lower case ('' when none) */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** the body types a profile's service may post: JSON always, a form when it speaks forms */
export function acceptedBodyType(contentType: string | undefined, acceptsForms: boolean): boolean {
  const type = mediaType(contentType);
  return JSON_TYPE.test(type) || (acceptsForms && type === FORM_TYPE);
}

export interface GuardedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** from ownHosts() */
  ownHosts: readonly string[];
  /** the profile's service posts forms (for a POST) */
  acceptsForms: boolean;
}

/** why the request is refused (403), or null when it may go on to the signature and the body */
export function webhookRefusal(request: GuardedRequest): WebhookRefusal | null {
  if (request.headers.origin !== undefined) return 'browser_origin';
  const host = (request.headers.host ?? '').trim().toLowerCase();
  if (!request.ownHosts.includes(host) && !forwardedByTunnel(request.headers)) return 'foreign_host';
  if (request.method === 'POST' && !acceptedBodyType(request.headers['content-type'], request.acceptsForms))
    return 'unexpected_content_type';
  return null;
}
