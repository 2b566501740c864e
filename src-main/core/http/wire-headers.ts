// Header values as bytes on the wire. curl sends a header value's UTF-8 bytes as they are
// (`X-Note: café` goes out as 63 61 66 c3 a9); undici writes each character of a header
// string as one byte (latin1), so é would go out as the single byte e9 and anything past
// U+00FF would be refused. Handing undici the UTF-8 bytes spelled as a latin1 string makes it
// write exactly curl's bytes. Done at the last moment before undici: everything else (the
// request log, the cURL export) keeps the readable text.
import { CrmError } from '../errors';

/** CR, LF and NUL would end or break the header: never sent, whatever a description holds. */
// eslint-disable-next-line no-control-regex -- exactly the characters that break a header line
const BREAKS_HEADER = /[\r\n\u0000]/;

export function checkHeaderValues(headers: Record<string, string>): void {
  // for...in over the plain header objects the app builds: no array of pairs per send
  for (const name in headers) {
    const value = headers[name]!;
    if (BREAKS_HEADER.test(name) || BREAKS_HEADER.test(value)) {
      throw new CrmError(
        'validation',
        `The ${name.replace(/[^\x21-\x7e]/g, '').slice(0, 60)} header contains a line break or NUL character, which cannot be sent`,
        { unsent: true },
      );
    }
  }
}

/** The same headers with each value's UTF-8 bytes as a latin1 string (ASCII values are unchanged). */
export function wireHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name]!;
    // eslint-disable-next-line no-control-regex -- plain ASCII needs no conversion
    out[name] = /^[\u0000-\u007f]*$/.test(value) ? value : Buffer.from(value, 'utf8').toString('latin1');
  }
  return out;
}
