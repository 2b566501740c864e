// Webhook signatures: an HMAC-SHA256 of the exact bytes received, keyed with the secret the
// service and the person share (Meta: the app secret, sent as X-Hub-Signature-256), written
// `sha256=<hex>`. Checked on the raw body before it is parsed, in constant time; a body that
// fails is never read.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** the headers a signature may come in, lower case, the first present wins */
export const SIGNATURE_HEADERS = ['x-hub-signature-256', 'x-crm-signature-256', 'x-signature-256', 'x-webhook-signature'] as const;

export type SignatureVerdict = 'valid' | 'missing' | 'invalid';

export function signatureOf(body: Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function checkSignature(body: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): SignatureVerdict {
  const header = SIGNATURE_HEADERS.map((name) => headers[name]).find((value) => value !== undefined);
  const given = Array.isArray(header) ? header[0] : header;
  if (given === undefined || given.trim() === '') return 'missing';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(given.trim());
  if (!match) return 'invalid';
  const expected = Buffer.from(signatureOf(body, secret).slice('sha256='.length), 'hex');
  const received = Buffer.from(match[1]!.toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received) ? 'valid' : 'invalid';
}
