// The local listener a service posts its webhooks to: `http://127.0.0.1:<port>/webhooks/<profile id>`.
// Loopback only by default; reaching it from the internet is the person's own tunnel (README).
// A profile with a webhook secret gets only bodies signed with it (signature.ts; Twilio's own
// scheme, keyed with the auth token, in twilio-signature.ts; Evolution's apikey in the body, in
// body-apikey.ts), checked on the raw bytes before
// anything is used; Meta's GET handshake is answered with the challenge when
// the verify token matches. Each payload goes to the conversations (receive) and is answered at
// once: a service retries a webhook that is slow to answer. Before any of that, a request that
// looks like a browser's (an Origin, a body type no service sends, another site's Host) is
// refused: webhook-request-guard.ts says why a web page could otherwise post here.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSignatureOrApikey } from './body-apikey';
import { checkTwilioSignature, TWILIO_SIGNATURE_HEADER } from './twilio-signature';
import { forwardedByTunnel, ownHosts, webhookRefusal } from './webhook-request-guard';
import type { DeliveryVerdict, ObservedDelivery, TakenDelivery } from './webhook-delivery';

/** a webhook body larger than this is refused (no vendor's event comes near it) */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
/** how long a poster may take to send its request */
const REQUEST_TIMEOUT_MS = 10_000;

export interface WebhookTarget {
  /** false: no such profile (404) */
  exists(profileId: string): Promise<boolean>;
  /** the profile's webhook secret (from the keychain); null: its posts are not signed */
  secretOf(profileId: string): Promise<string | null>;
  /** the verify token of Meta's handshake; null: none set (the handshake is refused) */
  verifyTokenOf(profileId: string): Promise<string | null>;
  /** takes a parsed payload; returns how many events it held */
  receive(profileId: string, payload: unknown): { found: number; changed: number };
  /** the profile's service posts forms (webhook-dialect.ts); absent: JSON only */
  postsForms?(profileId: string): Promise<boolean>;
  /** each POST for a known profile, with what was answered (the inspector's record); absent: none kept */
  record?(delivery: ObservedDelivery): void | Promise<unknown>;
  /**
   * stores a readable post's events and keeps its record together, resolving once both are on disk
   * (the answer waits for it); absent: receive, then record
   */
  take?(delivery: TakenDelivery): Promise<{ found: number; changed: number }>;
}

export interface WebhookReceiver {
  /** e.g. http://127.0.0.1:47474 */
  baseUrl: string;
  urlFor(profileId: string): string;
  /** a post for this profile came through a tunnel (a forwarding header) since the listener started */
  throughTunnel(profileId: string): boolean;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  port: number;
  host?: string;
  log?: (message: string) => void;
}

/** an answer's headers, made once: a listener answers thousands of posts a second */
const ANSWER_HEADERS: Readonly<Record<'application/json' | 'text/plain', string[]>> = {
  'application/json': ['content-type', 'application/json; charset=utf-8', 'cache-control', 'no-store'],
  'text/plain': ['content-type', 'text/plain; charset=utf-8', 'cache-control', 'no-store'],
};

function answer(res: ServerResponse, status: number, body: string, type: keyof typeof ANSWER_HEADERS = 'application/json'): void {
  res.writeHead(status, ANSWER_HEADERS[type]);
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > WEBHOOK_BODY_LIMIT) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too_large');
        return;
      }
      chunks.push(chunk);
    });
    // a post's body mostly comes in one chunk: taken as it is, not copied into a new Buffer
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isForm(contentType: string | undefined): boolean {
  return /application\/x-www-form-urlencoded/i.test(contentType ?? '');
}

/** JSON, or a form (Twilio posts its callbacks as application/x-www-form-urlencoded) */
export function parseWebhookBody(body: Buffer, contentType: string | undefined): unknown {
  const text = body.toString('utf8');
  if (isForm(contentType)) return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text) as unknown;
}

interface Listening {
  ownHosts: readonly string[];
  /** profiles a tunnel forwarded a post for */
  tunnelled: Set<string>;
}

type Seen = Pick<ObservedDelivery, 'body' | 'verdict' | 'status' | 'problem'> & Partial<Pick<ObservedDelivery, 'payload' | 'outcome'>>;

/** hands one POST to the target's record, if it keeps one; a failing record never changes the answer */
function noteDelivery(req: IncomingMessage, target: WebhookTarget, profileId: string, seen: Seen, log: (message: string) => void): void {
  if (!target.record || req.method !== 'POST') return;
  const failed = (err: unknown): void => {
    log(`webhook for ${profileId} not kept in the inspector: ${err instanceof Error ? err.message : 'unknown error'}`);
  };
  try {
    const delivery: ObservedDelivery = { profileId, at: new Date(), ...requestOf(req), payload: null, outcome: null, ...seen };
    void Promise.resolve(target.record(delivery)).catch(failed);
  } catch (err) {
    failed(err);
  }
}

function requestOf(req: IncomingMessage): Pick<ObservedDelivery, 'method' | 'path' | 'headers' | 'source'> {
  return { method: req.method ?? 'POST', path: req.url ?? '/', headers: req.headers, source: req.socket.remoteAddress ?? null };
}

/** the events stored and the post kept: together, durably, before the answer when the target can (take) */
async function store(
  req: IncomingMessage,
  target: WebhookTarget,
  profileId: string,
  read: { body: Buffer; verdict: DeliveryVerdict; payload: unknown },
  log: (message: string) => void,
): Promise<{ found: number; changed: number }> {
  if (target.take) return target.take({ profileId, at: new Date(), ...requestOf(req), ...read });
  const outcome = target.receive(profileId, read.payload);
  const problem = outcome.found === 0 ? 'no message event in it' : null;
  noteDelivery(req, target, profileId, { ...read, status: 200, problem, outcome }, log);
  return outcome;
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  target: WebhookTarget,
  log: (message: string) => void,
  listening: Listening,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = /^\/webhooks\/([A-Za-z0-9_.-]{1,200})\/?$/.exec(url.pathname);
  if (!match) return answer(res, 404, '{"error":"not_found"}');
  const profileId = match[1]!;
  if (!(await target.exists(profileId))) return answer(res, 404, '{"error":"unknown_profile"}');
  const refusal = webhookRefusal({
    method: req.method ?? 'GET',
    headers: req.headers,
    ownHosts: listening.ownHosts,
    acceptsForms: (await target.postsForms?.(profileId)) ?? false,
  });
  if (refusal !== null) {
    // the body is never read: nothing of it is kept or logged
    log(`webhook for ${profileId} refused: ${refusal.replace(/_/g, ' ')}`);
    noteDelivery(req, target, profileId, { body: null, verdict: 'not_checked', status: 403, problem: refusal.replace(/_/g, ' ') }, log);
    res.setHeader('connection', 'close');
    return answer(res, 403, `{"error":"${refusal}"}`);
  }
  if (forwardedByTunnel(req.headers)) listening.tunnelled.add(profileId);
  if (req.method === 'GET') {
    const token = await target.verifyTokenOf(profileId);
    const mode = url.searchParams.get('hub.mode');
    const challenge = url.searchParams.get('hub.challenge');
    if (mode === 'subscribe' && token !== null && challenge !== null && url.searchParams.get('hub.verify_token') === token)
      return answer(res, 200, challenge, 'text/plain');
    return answer(res, 403, '{"error":"verification_failed"}');
  }
  if (req.method !== 'POST') {
    res.setHeader('allow', 'GET, POST');
    return answer(res, 405, '{"error":"method_not_allowed"}');
  }
  const body = await readBody(req);
  if (body === 'too_large') {
    noteDelivery(req, target, profileId, { body: null, verdict: 'not_checked', status: 413, problem: 'body too large' }, log);
    return answer(res, 413, '{"error":"too_large"}');
  }
  const secret = await target.secretOf(profileId);
  let verdict: DeliveryVerdict = 'unsigned';
  if (secret !== null) {
    const twilio = req.headers[TWILIO_SIGNATURE_HEADER] !== undefined;
    verdict = twilio
      ? checkTwilioSignature({
          path: req.url ?? '/',
          headers: req.headers,
          body,
          form: isForm(req.headers['content-type']),
          authToken: secret,
        })
      : checkSignatureOrApikey(body, req.headers, secret);
    if (verdict !== 'valid') {
      log(`webhook for ${profileId} refused: ${twilio ? 'X-Twilio-Signature' : 'signature'} ${verdict}`);
      const problem = `${twilio ? 'X-Twilio-Signature' : 'signature'} ${verdict}`;
      noteDelivery(req, target, profileId, { body, verdict, status: 401, problem }, log);
      return answer(res, 401, `{"error":"signature_${verdict}"}`);
    }
  }
  let payload: unknown;
  try {
    payload = parseWebhookBody(body, req.headers['content-type']);
  } catch {
    noteDelivery(req, target, profileId, { body, verdict, status: 400, problem: 'unreadable body' }, log);
    return answer(res, 400, '{"error":"unreadable_body"}');
  }
  const outcome = await store(req, target, profileId, { body, verdict, payload }, log);
  // a payload with nothing we know is still acknowledged: the service must not retry it forever
  if (outcome.found === 0) log(`webhook for ${profileId}: no message event found in a ${body.length}-byte payload`);
  answer(res, 200, `{"received":${outcome.found}}`);
}

export function startWebhookReceiver(target: WebhookTarget, options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  const listening: Listening = { ownHosts: [], tunnelled: new Set() };
  const server: Server = createServer((req, res) => {
    handle(req, res, target, log, listening).catch((err: unknown) => {
      log(`webhook handling failed: ${err instanceof Error ? err.message : 'unknown error'}`);
      if (!res.headersSent) answer(res, 500, '{"error":"internal"}');
      else res.destroy();
    });
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      listening.ownHosts = ownHosts(host, port);
      const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      resolve({
        baseUrl,
        urlFor: (profileId) => `${baseUrl}/webhooks/${encodeURIComponent(profileId)}`,
        throughTunnel: (profileId) => listening.tunnelled.has(profileId),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
