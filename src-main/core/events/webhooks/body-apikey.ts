// Evolution API signs nothing: each webhook body carries the instance's `apikey` in plain JSON.
// For a profile with a webhook secret, a post with no signature header is accepted only when its
// body's `apikey` is that secret (the person saves the instance's key as the profile's webhook
// secret). Compared in constant time, as digests so the lengths match; the key is read here and
// nowhere else, and never kept. A post with a signature header is checked as signed (signature.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import { checkSignature, SIGNATURE_HEADERS, type SignatureVerdict } from './signature';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** the body's `apikey` against the secret; 'missing' when the body names none */
export function checkBodyApikey(body: Buffer, secret: string): SignatureVerdict {
  let given: unknown;
  try {
    given = (JSON.parse(body.toString('utf8')) as { apikey?: unknown } | null)?.apikey;
  } catch {
    return 'missing';
  }
  if (typeof given !== 'string' || given === '') return 'missing';
  return timingSafeEqual(digest(given), digest(secret)) ? 'valid' : 'invalid';
}

/** a signature header when there is one, else the body's apikey */
type Headers = Record<string, string | string[] | undefined>;

export function checkSignatureOrApikey(body: Buffer, headers: Headers, secret: string): SignatureVerdict {
  const signed = SIGNATURE_HEADERS.some((name) => headers[name] !== undefined);
  return signed ? checkSignature(body, headers, secret) : checkBodyApikey(body, secret);
}
