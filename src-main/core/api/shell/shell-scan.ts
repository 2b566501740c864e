// What the three dialects' scanners share: the scan state (position, words, warnings), the rules
// every shell has in common (control characters, look-alike spaces, continuations, line breaks,
// comments) and the refusals they phrase the same way.
import { CurlParseError } from '../curl/curl-error';

/** 1-based line of a position, for messages only (so an O(n) count once is fine). */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

export class WordSink {
  readonly list: string[] = [];
  private current: string | null = null;

  /** Opens a word even if nothing is added: '' and "" are real (empty) arguments. */
  open(): void {
    this.current ??= '';
  }

  add(text: string): void {
    this.current = (this.current ?? '') + text;
  }

  end(): void {
    if (this.current !== null) this.list.push(this.current);
    this.current = null;
  }

  get inWord(): boolean {
    return this.current !== null;
  }
}

export class Notes {
  private readonly messages = new Set<string>();
  private readonly variables = new Set<string>();

  warn(message: string): void {
    this.messages.add(message);
  }

  variable(name: string): void {
    // a few names are enough for the message; a paste full of $ must not grow this
    if (this.variables.size < 8) this.variables.add(name);
  }

  list(): string[] {
    const out = [...this.messages];
    const names = [...this.variables];
    if (names.length === 1)
      out.push(`the variable ${names[0]} was not expanded and stays as written; put its value in the command instead`);
    if (names.length > 1)
      out.push(`the variables ${names.join(', ')} were not expanded and stay as written; put their values in the command instead`);
    return out;
  }
}

export interface Scan {
  readonly text: string;
  pos: number;
  readonly words: WordSink;
  readonly notes: Notes;
  /** whether the current physical line had anything but blanks (for the missing-continuation warning) */
  lineHasContent: boolean;
  warnedBareNewline: boolean;
  warnedTrailingSpace: boolean;
}

export function newScan(text: string, start: number): Scan {
  return {
    text,
    pos: start,
    words: new WordSink(),
    notes: new Notes(),
    lineHasContent: false,
    warnedBareNewline: false,
    warnedTrailingSpace: false,
  };
}

export function isBlank(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** Spaces that web pages and chat apps put where a plain space was meant. */
function isUnicodeSpace(code: number): boolean {
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x202f || code === 0x205f || code === 0x3000;
}

function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

function isTypographicQuote(c: string): boolean {
  return c === '\u201c' || c === '\u201d' || c === '\u201e' || c === '\u2018' || c === '\u2019';
}

export function rejectNul(text: string): void {
  const at = text.indexOf('\u0000');
  if (at !== -1)
    throw new CurlParseError(`the text contains a NUL character at line ${lineAt(text, at)}, which no shell can pass to curl; remove it`);
}

export function unterminated(text: string, openedAt: number): CurlParseError {
  return new CurlParseError(`a quote opened at line ${lineAt(text, openedAt)} is never closed`);
}

export function refuse(s: Scan, at: number, what: string, advice = 'paste only the curl command'): CurlParseError {
  return new CurlParseError(`the command contains ${what} at line ${lineAt(s.text, at)}: ${advice}`);
}

export function rejectControl(s: Scan, at: number): void {
  const code = s.text.charCodeAt(at);
  if (isControl(code)) {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    throw new CurlParseError(`the text contains a control character (U+${hex}) outside quotes at line ${lineAt(s.text, at)}; remove it`);
  }
}

/** An ordinary character outside quotes: control characters are refused, look-alikes noted. */
export function addPlain(s: Scan, c: string): void {
  rejectControl(s, s.pos);
  if (isUnicodeSpace(c.charCodeAt(0))) {
    s.notes.warn('non-breaking or other special spaces outside quotes were read as ordinary spaces');
    s.words.end();
    return;
  }
  if (isTypographicQuote(c))
    s.notes.warn(
      'typographic quotes (“ ” ‘ ’) outside quotes were kept as text; if they were meant as quotes, type straight quotes instead',
    );
  s.words.add(c);
  s.lineHasContent = true;
}

/** Index after a line break at `at` (\n or \r\n), or -1 when there is none. */
export function lineBreakEnd(text: string, at: number): number {
  if (text.charAt(at) === '\n') return at + 1;
  if (text.charAt(at) === '\r' && text.charAt(at + 1) === '\n') return at + 2;
  return -1;
}

/**
 * A continuation character (\ ^ `) at `at`: the index after it and its line break, or -1.
 * Spaces left after the character (a common copy-paste artifact) still count, with a warning,
 * because what the author meant is unmistakable.
 */
export function continuationEnd(s: Scan, at: number): number {
  const direct = lineBreakEnd(s.text, at + 1);
  if (direct !== -1) return direct;
  let k = at + 1;
  while (s.text.charAt(k) === ' ' || s.text.charAt(k) === '\t') k += 1;
  if (k === at + 1) return -1;
  const end = lineBreakEnd(s.text, k);
  // at the very end, `word\ ` is an escaped space (bash's reading); a lone `\ ` is a stray continuation
  if (end === -1 && (k < s.text.length || s.words.inWord)) return -1;
  if (!s.warnedTrailingSpace) {
    // once: lineAt is O(n), and a paste may have this on every line
    s.warnedTrailingSpace = true;
    s.notes.warn(`line ${lineAt(s.text, at)} has spaces after the line-continuation character at its end; it was read as a continuation`);
  }
  return end === -1 ? k : end;
}

/** Whether another curl command starts at `at` (possibly behind a `$ ` prompt). */
function startsCurl(text: string, at: number): boolean {
  let i = at;
  if (text.charAt(i) === '$' && text.charAt(i + 1) === ' ') i += 2;
  const head = text.slice(i, i + 9).toLowerCase();
  const after = (n: number): boolean => i + n >= text.length || /\s/.test(text.charAt(i + n));
  return (head.startsWith('curl') && after(4)) || (head.startsWith('curl.exe') && after(8));
}

/**
 * A line break that is not continued: in a shell the command would end here. Another curl
 * after it is a second command (refused); anything else is read as part of this command,
 * with a warning, because docs often show a long command wrapped without continuations.
 * Returns where scanning resumes (after the blank run, so blank lines cost nothing more).
 */
export function bareLineBreak(s: Scan, at: number): number {
  s.words.end();
  let next = at;
  while (next < s.text.length && isBlank(s.text.charAt(next))) next += 1;
  if (next < s.text.length) {
    if (startsCurl(s.text, next)) {
      throw new CurlParseError(
        `the text holds more than one command (another curl starts at line ${lineAt(s.text, next)}); paste one curl command at a time`,
      );
    }
    if (s.lineHasContent && !s.warnedBareNewline && s.text.charAt(next) !== '#') {
      s.warnedBareNewline = true;
      s.notes.warn(
        `line ${lineAt(s.text, at)} does not end with a line continuation, so a shell would stop the command there; the lines ` +
          `after it were read as part of the same command`,
      );
    }
  }
  s.lineHasContent = false;
  return next;
}

/** `#` starting a word: a comment up to the end of the line. */
export function skipComment(s: Scan): void {
  const end = s.text.indexOf('\n', s.pos);
  s.pos = end === -1 ? s.text.length : end;
}

export function variableName(text: string, at: number, extra: string): string {
  let end = at;
  const limit = Math.min(text.length, at + 64);
  while (end < limit && (/[A-Za-z0-9_]/.test(text.charAt(end)) || extra.includes(text.charAt(end)))) end += 1;
  return text.slice(at, end);
}

export function readHex(text: string, at: number, max: number): { value: number; end: number } {
  let end = at;
  while (end < at + max && /[0-9A-Fa-f]/.test(text.charAt(end))) end += 1;
  return { value: end === at ? -1 : parseInt(text.slice(at, end), 16), end };
}
