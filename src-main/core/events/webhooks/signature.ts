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
  let header: string | string[] | undefined;
  for (const name of SIGNATURE_HEADERS) if ((header = headers[name]) !== undefined) break;
  const given = Array.isArray(header) ? header[0] : header;
  if (given === undefined || given.trim() === '') return 'missing';
  const match = /^sha256=([0-9a-f]{64})$/i.exec(given.trim());
  if (!match) return 'invalid';
  // the digest's bytes against the header's, both 32: no hex string of the digest is made to compare
  const expected = createHmac('sha256', secret).update(body).digest();
  const received = Buffer.from(match[1]!, 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received) ? 'valid' : 'invalid';
}
