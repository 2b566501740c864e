// ANSI-C $'...' (bash, zsh; DevTools' "Copy as cURL (bash)" uses it for bodies with ' or controls)
import { CurlParseError } from '../curl/curl-error';
import { lineAt, readHex, unterminated } from './shell-scan';
import type { Scan } from './shell-scan';

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  E: '\u001b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export function ansiCQuoted(s: Scan): void {
  const { text } = s;
  const openedAt = s.pos;
  const out = new AnsiOutput(text, openedAt);
  let i = openedAt + 2;
  for (;;) {
    if (i >= text.length) throw unterminated(text, openedAt);
    const c = text.charAt(i);
    if (c === "'") break;
    if (c === '\\') i = ansiCEscape(text, i, out, openedAt);
    else {
      out.text(c);
      i += 1;
    }
  }
  s.words.open();
  s.words.add(out.finish());
  s.lineHasContent = true;
  s.pos = i + 1;
}

/**
 * \xHH and \NNN give bytes, not characters: bash joins them into UTF-8, so $'\xc3\xa9' is é.
 * Runs of bytes are decoded together when text follows or the string ends.
 */
class AnsiOutput {
  private value = '';
  private bytes: number[] = [];

  constructor(
    private readonly source: string,
    private readonly openedAt: number,
  ) {}

  text(piece: string): void {
    this.flush();
    this.value += piece;
  }

  codePoint(cp: number): void {
    this.rejectNul(cp);
    this.text(cp > 0x10ffff ? '\ufffd' : cp <= 0xffff ? String.fromCharCode(cp) : String.fromCodePoint(cp));
  }

  byte(b: number): void {
    this.rejectNul(b);
    this.bytes.push(b & 0xff);
  }

  finish(): string {
    this.flush();
    return this.value;
  }

  private flush(): void {
    if (this.bytes.length === 0) return;
    try {
      this.value += new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(this.bytes));
    } catch {
      // curl would send these bytes as they are (Latin-1 text, say); the app sends text as UTF-8, so
      // reading them as anything else would change what is sent without a word; the bytes are not
      // quoted (the string may be a header holding a key)
      const line = lineAt(this.source, this.openedAt);
      throw new CurlParseError(
        `the $'...' string at line ${line} holds escaped bytes that are not UTF-8 text, ` +
          'such as Latin-1; the app sends text as UTF-8 and would change them: write the characters themselves (é, not \\xe9)',
      );
    }
    this.bytes = [];
  }

  private rejectNul(value: number): void {
    if (value === 0)
      throw new CurlParseError(
        `the $'...' string at line ${lineAt(this.source, this.openedAt)} contains a NUL character, which no shell can pass to curl`,
      );
  }
}

function ansiCEscape(text: string, at: number, out: AnsiOutput, openedAt: number): number {
  const e = text.charAt(at + 1);
  if (e === '') throw unterminated(text, openedAt);
  const simple = SIMPLE_ESCAPES[e];
  if (simple !== undefined) {
    out.text(simple);
    return at + 2;
  }
  if (e === 'x' || e === 'u' || e === 'U') {
    const hex = readHex(text, at + 2, e === 'x' ? 2 : e === 'u' ? 4 : 8);
    if (hex.value === -1)
      out.text(`\\${e}`); // bash keeps an escape without digits as written
    else if (e === 'x') out.byte(hex.value);
    else out.codePoint(hex.value);
    return hex.end;
  }
  if (e >= '0' && e <= '7') {
    let end = at + 1;
    while (end < at + 4 && text.charAt(end) >= '0' && text.charAt(end) <= '7') end += 1;
    out.byte(parseInt(text.slice(at + 1, end), 8));
    return end;
  }
  if (e === 'c' && at + 2 < text.length && text.charAt(at + 2) !== "'") {
    out.codePoint(text.charCodeAt(at + 2) & 0x1f);
    return at + 3;
  }
  out.text(`\\${e}`);
  return at + 2;
}
