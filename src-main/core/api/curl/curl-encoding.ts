// The two percent-encodings curl applies: --data-urlencode's (form style, space as +) and the
// lighter one that makes -G data and --url-query text safe to stand in a URL's query.

/** curl_easy_escape (only A-Z a-z 0-9 - . _ ~ stay) with %20 written as +, as curl's --data-urlencode does. */
export function formEncode(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    if (isUnreserved(byte)) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function isUnreserved(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d ||
    byte === 0x2e ||
    byte === 0x5f ||
    byte === 0x7e
  );
}

/**
 * Percent-encodes what cannot stand in a query (blanks, controls, non-ASCII, " # < > \ ^ ` { | }),
 * keeping % & = + and the rest: -d data is meant to be sent as already encoded, as curl sends it.
 */
export function querySafe(text: string): string {
  let out = '';
  const encoder = new TextEncoder();
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x20 && code < 0x7f && !'"#<>\\^`{|}'.includes(char)) out += char;
    else for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
