// Reads a response body as text with a size cap, so a misbehaving server cannot make the
// client buffer without bound. Over the cap the rest is discarded (the connection is dropped).
import type { Readable } from 'node:stream';

export async function readBodyText(
  body: Readable,
  maxBytes: number,
  declaredBytes?: string,
): Promise<{ text: string; truncated: boolean }> {
  // A body that says it fits is read in one go (undici's own reader, no chunk list); one
  // that says nothing or claims more is read chunk by chunk and cut at the cap.
  const declared = declaredBytes === undefined ? Number.NaN : Number(declaredBytes);
  const whole = (body as Readable & { text?: () => Promise<string> }).text;
  if (Number.isSafeInteger(declared) && declared >= 0 && declared <= maxBytes && typeof whole === 'function') {
    return { text: await whole.call(body), truncated: false };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
      body.destroy();
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

/**
 * A file's bytes read whole, up to a cap: past it the rest is not read (the connection is dropped)
 * and `tooLarge` says why in the caller's words. A content-length cannot be trusted to say the
 * size beforehand, so the count is of what arrives.
 */
export async function readBytesCapped(body: Readable, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The bare mimetype of a Content-Type header, safe to show ("text/html"), or null. */
export function contentTypeOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const base = (header.split(';')[0] ?? '').trim().toLowerCase();
  return /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(base) ? base : null;
}

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
