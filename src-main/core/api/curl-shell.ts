// Pasted command text -> the argument words a shell would hand to curl, without running or
// expanding anything. Three dialects, picked from the text itself:
// - POSIX sh/bash/zsh: curl's docs, Postman, Insomnia, readme.io, DevTools "Copy as cURL (bash)".
// - Windows cmd.exe: DevTools "Copy as cURL (cmd)". Two parsers run there: cmd.exe removes ^
//   escapes and ^-newline continuations, then curl.exe's C runtime splits the command line with
//   its own "..." and \" rules. Both are replayed, in that order.
// - PowerShell: ` continuations, '' inside '...', `x escapes inside "...".
// Whatever the shell would execute (pipes, ;, &&, redirections, $(...), backticks) is refused,
// never guessed; a variable ($TOKEN, %TOKEN%) is kept as written with a warning. Every scanner
// is one forward pass with bounded look-ahead, so a huge paste costs linear time.

/** A pasted command that cannot become a request; the message is one sentence a person can act on. */
export class CurlParseError extends Error {
  override name = 'CurlParseError';
}

type ShellDialect = 'posix' | 'cmd' | 'powershell';

export interface ShellWords {
  words: string[];
  warnings: string[];
}

export function splitShellWords(text: string): ShellWords {
  rejectNul(text);
  const start = commandStart(text);
  const dialect = detectDialect(text, start);
  const scan = newScan(text, start);
  if (dialect === 'cmd') scanCmd(scan);
  else if (dialect === 'powershell') scanPowerShell(scan);
  else scanPosix(scan);
  scan.words.end();
  return { words: scan.words.list, warnings: scan.notes.list() };
}

/** Where the command starts: after a byte-order mark, blank lines and a `$ ` prompt. */
export function commandStart(text: string): number {
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < text.length && isBlank(text.charAt(i))) i += 1;
  if (text.charAt(i) === '$' && (text.charAt(i + 1) === ' ' || text.charAt(i + 1) === '\t')) {
    i += 2;
    while (text.charAt(i) === ' ' || text.charAt(i) === '\t') i += 1;
  }
  return i;
}

/** 1-based line of a position, for messages only (so an O(n) count once is fine). */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

class WordSink {
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

class Notes {
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
    if (names.length === 1) out.push(`the variable ${names[0]} was not expanded and stays as written; put its value in the command instead`);
    if (names.length > 1) out.push(`the variables ${names.join(', ')} were not expanded and stay as written; put their values in the command instead`);
    return out;
  }
}

interface Scan {
  readonly text: string;
  pos: number;
  readonly words: WordSink;
  readonly notes: Notes;
  /** whether the current physical line had anything but blanks (for the missing-continuation warning) */
  lineHasContent: boolean;
  warnedBareNewline: boolean;
  warnedTrailingSpace: boolean;
}

function newScan(text: string, start: number): Scan {
  return { text, pos: start, words: new WordSink(), notes: new Notes(), lineHasContent: false, warnedBareNewline: false, warnedTrailingSpace: false };
}

function isBlank(c: string): boolean {
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

function rejectNul(text: string): void {
  const at = text.indexOf('\u0000');
  if (at !== -1) throw new CurlParseError(`the text contains a NUL character at line ${lineAt(text, at)}, which no shell can pass to curl; remove it`);
}

function unterminated(text: string, openedAt: number): CurlParseError {
  return new CurlParseError(`a quote opened at line ${lineAt(text, openedAt)} is never closed`);
}

function refuse(s: Scan, at: number, what: string, advice = 'paste only the curl command'): CurlParseError {
  return new CurlParseError(`the command contains ${what} at line ${lineAt(s.text, at)}: ${advice}`);
}

function rejectControl(s: Scan, at: number): void {
  const code = s.text.charCodeAt(at);
  if (isControl(code)) {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    throw new CurlParseError(`the text contains a control character (U+${hex}) outside quotes at line ${lineAt(s.text, at)}; remove it`);
  }
}

/** An ordinary character outside quotes: control characters are refused, look-alikes noted. */
function addPlain(s: Scan, c: string): void {
  rejectControl(s, s.pos);
  if (isUnicodeSpace(c.charCodeAt(0))) {
    s.notes.warn('non-breaking or other special spaces outside quotes were read as ordinary spaces');
    s.words.end();
    return;
  }
  if (isTypographicQuote(c)) s.notes.warn('typographic quotes (“ ” ‘ ’) outside quotes were kept as text; if they were meant as quotes, type straight quotes instead');
  s.words.add(c);
  s.lineHasContent = true;
}

/** Index after a line break at `at` (\n or \r\n), or -1 when there is none. */
function lineBreakEnd(text: string, at: number): number {
  if (text.charAt(at) === '\n') return at + 1;
  if (text.charAt(at) === '\r' && text.charAt(at + 1) === '\n') return at + 2;
  return -1;
}

/**
 * A continuation character (\ ^ `) at `at`: the index after it and its line break, or -1.
 * Spaces left after the character (a common copy-paste artifact) still count, with a warning,
 * because what the author meant is unmistakable.
 */
function continuationEnd(s: Scan, at: number): number {
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
function bareLineBreak(s: Scan, at: number): number {
  s.words.end();
  let next = at;
  while (next < s.text.length && isBlank(s.text.charAt(next))) next += 1;
  if (next < s.text.length) {
    if (startsCurl(s.text, next)) {
      throw new CurlParseError(`the text holds more than one command (another curl starts at line ${lineAt(s.text, next)}); paste one curl command at a time`);
    }
    if (s.lineHasContent && !s.warnedBareNewline && s.text.charAt(next) !== '#') {
      s.warnedBareNewline = true;
      s.notes.warn(`line ${lineAt(s.text, at)} does not end with a line continuation, so a shell would stop the command there; the lines after it were read as part of the same command`);
    }
  }
  s.lineHasContent = false;
  return next;
}

/** `#` starting a word: a comment up to the end of the line. */
function skipComment(s: Scan): void {
  const end = s.text.indexOf('\n', s.pos);
  s.pos = end === -1 ? s.text.length : end;
}

function variableName(text: string, at: number, extra: string): string {
  let end = at;
  const limit = Math.min(text.length, at + 64);
  while (end < limit && (/[A-Za-z0-9_]/.test(text.charAt(end)) || extra.includes(text.charAt(end)))) end += 1;
  return text.slice(at, end);
}

/** A POSIX `$` not starting $'...': notes a variable, refuses $(...), keeps the `$` itself. */
function posixDollar(s: Scan, at: number): void {
  const next = s.text.charAt(at + 1);
  if (next === '(') throw refuse(s, at, 'a command substitution $(...), which is not run here', 'paste the command with its result filled in');
  if (next === '{') {
    const close = s.text.slice(at + 2, at + 66).indexOf('}');
    s.notes.variable(close === -1 ? '${...}' : `\${${s.text.slice(at + 2, at + 2 + close)}}`);
  } else if (/[A-Za-z_]/.test(next)) s.notes.variable(`$${variableName(s.text, at + 1, '')}`);
  else if (next !== '' && '0123456789@*#?$!-'.includes(next)) s.notes.variable(`$${next}`);
  s.words.add('$');
}

// ---------------------------------------------------------------------------------------------
// Dialect

/**
 * Looks for the first line break outside quotes (POSIX quoting) and the character before it:
 * \ is POSIX, ^ is cmd, ` is PowerShell. A word starting with ^" (DevTools' cmd quoting) also
 * means cmd. Quote-aware, so a body containing "^" or "`" at a line end changes nothing.
 */
function detectDialect(text: string, start: number): ShellDialect {
  let last = '';
  let i = start;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === "'" || c === '"' || (c === '$' && text.charAt(i + 1) === "'")) {
      const end = skipPosixQuoted(text, i);
      if (end === -1) return detectDialectUnquoted(text, start);
      last = c;
      i = end;
      continue;
    }
    if (c === '\\') {
      if (continuationAfter(text, i)) return 'posix';
      last = text.charAt(i + 1);
      i += 2;
      continue;
    }
    if (c === '^' && text.charAt(i + 1) === '"' && (i === start || isBlank(text.charAt(i - 1)))) return 'cmd';
    if (c === '\n') {
      if (last === '^') return 'cmd';
      if (last === '`') return 'powershell';
      last = '';
    } else if (c !== ' ' && c !== '\t' && c !== '\r') last = c;
    i += 1;
  }
  if (last === '^') return 'cmd';
  if (last === '`') return 'powershell';
  return 'posix';
}

function continuationAfter(text: string, at: number): boolean {
  let k = at + 1;
  while (text.charAt(k) === ' ' || text.charAt(k) === '\t' || text.charAt(k) === '\r') k += 1;
  return text.charAt(k) === '\n';
}

/** End index (after the closing quote) of a POSIX quoted run starting at `at`, or -1. */
function skipPosixQuoted(text: string, at: number): number {
  if (text.charAt(at) === "'") {
    const close = text.indexOf("'", at + 1);
    return close === -1 ? -1 : close + 1;
  }
  const ansi = text.charAt(at) === '$';
  const quote = ansi ? "'" : '"';
  for (let i = at + (ansi ? 2 : 1); i < text.length; i += 1) {
    const c = text.charAt(i);
    if (c === '\\') i += 1;
    else if (c === quote) return i + 1;
  }
  return -1;
}

/** Fallback when the text is not balanced POSIX quoting: the first line ending in \ ^ or `. */
function detectDialectUnquoted(text: string, start: number): ShellDialect {
  if (/(^|\s)\^"/.test(text.slice(start, start + 4096))) return 'cmd';
  let i = text.indexOf('\n', start);
  while (i !== -1) {
    let k = i - 1;
    while (k >= start && (text.charAt(k) === ' ' || text.charAt(k) === '\t' || text.charAt(k) === '\r')) k -= 1;
    const c = text.charAt(k);
    if (c === '\\') return 'posix';
    if (c === '^') return 'cmd';
    if (c === '`') return 'powershell';
    i = text.indexOf('\n', i + 1);
  }
  return 'posix';
}

// ---------------------------------------------------------------------------------------------
// POSIX sh / bash / zsh

function scanPosix(s: Scan): void {
  const { text } = s;
  while (s.pos < text.length) {
    const at = s.pos;
    const c = text.charAt(at);
    if (c === ' ' || c === '\t') {
      s.words.end();
      s.pos += 1;
    } else if (c === '\n' || c === '\r') {
      s.pos = c === '\r' && text.charAt(at + 1) !== '\n' ? at + 1 : bareLineBreak(s, at);
      if (c === '\r') s.words.end();
    } else if (c === '\\') posixBackslash(s);
    else if (c === "'") posixSingleQuoted(s);
    else if (c === '"') posixDoubleQuoted(s);
    else if (c === '$' && text.charAt(at + 1) === "'") ansiCQuoted(s);
    else if (c === '$' && text.charAt(at + 1) === '"') s.pos += 1; // $"..." (locale translation) reads as "..."
    else if (c === '$') {
      posixDollar(s, at);
      s.lineHasContent = true;
      s.pos += 1;
    } else if (c === '#' && !s.words.inWord) skipComment(s);
    else if ('|&;<>()`'.includes(c)) throw posixOperator(s, at);
    else {
      addPlain(s, c);
      s.pos += 1;
    }
  }
}

function posixOperator(s: Scan, at: number): CurlParseError {
  const c = s.text.charAt(at);
  const pair = s.text.slice(at, at + 2);
  if (pair === '&&') return refuse(s, at, '&& (a second command)');
  if (pair === '||') return refuse(s, at, '|| (a second command)');
  if (c === '|') return refuse(s, at, 'a pipe (|)');
  if (c === '&') return refuse(s, at, 'an unquoted & (which would run the command in the background)', 'put the URL in quotes if it contains &');
  if (c === ';') return refuse(s, at, 'a ; (a second command)');
  if (c === '<' || c === '>') return refuse(s, at, `a redirection (${c})`, 'paste only the curl command (use -o to save the response)');
  if (c === '`') return refuse(s, at, 'a backtick command substitution (`...`), which is not run here', 'paste the command with its result filled in');
  return refuse(s, at, `an unquoted parenthesis (${c})`, 'put that argument in quotes');
}

/** `\` outside quotes: a line continuation, or the next character taken literally. */
function posixBackslash(s: Scan): void {
  const at = s.pos;
  const continued = continuationEnd(s, at);
  if (continued !== -1) {
    s.pos = continued;
    s.lineHasContent = false;
    return;
  }
  if (at + 1 < s.text.length) s.words.add(s.text.charAt(at + 1));
  s.lineHasContent = true;
  s.pos = at + 2;
}

function posixSingleQuoted(s: Scan): void {
  const close = s.text.indexOf("'", s.pos + 1);
  if (close === -1) throw unterminated(s.text, s.pos);
  s.words.open();
  s.words.add(s.text.slice(s.pos + 1, close));
  s.lineHasContent = true;
  s.pos = close + 1;
}

/** "...": only \" \\ \$ \` and \-newline are escapes; $VAR is noted, $( and ` refused. */
function posixDoubleQuoted(s: Scan): void {
  const { text } = s;
  const openedAt = s.pos;
  s.words.open();
  let run = openedAt + 1;
  let i = run;
  for (;;) {
    if (i >= text.length) throw unterminated(text, openedAt);
    const c = text.charAt(i);
    if (c === '"') break;
    if (c === '\\' || c === '$' || c === '`') {
      s.words.add(text.slice(run, i));
      i = posixDoubleQuotedSpecial(s, i);
      run = i;
    } else i += 1;
  }
  s.words.add(text.slice(run, i));
  s.lineHasContent = true;
  s.pos = i + 1;
}

function posixDoubleQuotedSpecial(s: Scan, at: number): number {
  const { text } = s;
  const c = text.charAt(at);
  if (c === '`') throw refuse(s, at, 'a backtick command substitution (`...`), which is not run here', 'paste the command with its result filled in');
  if (c === '$') {
    posixDollar(s, at);
    return at + 1;
  }
  const next = text.charAt(at + 1);
  if (next === '\n') return at + 2;
  if (next === '\r' && text.charAt(at + 2) === '\n') return at + 3;
  if (next === '"' || next === '\\' || next === '$' || next === '`') {
    s.words.add(next);
    return at + 2;
  }
  s.words.add('\\');
  return at + 1;
}

// ---------------------------------------------------------------------------------------------
// ANSI-C $'...' (bash, zsh; DevTools' "Copy as cURL (bash)" uses it for bodies with ' or controls)

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\u0007', b: '\b', e: '\u001b', E: '\u001b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
};

function ansiCQuoted(s: Scan): void {
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

  constructor(private readonly source: string, private readonly openedAt: number) {}

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
    this.value += new TextDecoder('utf-8').decode(Uint8Array.from(this.bytes));
    this.bytes = [];
  }

  private rejectNul(value: number): void {
    if (value === 0) throw new CurlParseError(`the $'...' string at line ${lineAt(this.source, this.openedAt)} contains a NUL character, which no shell can pass to curl`);
  }
}

function readHex(text: string, at: number, max: number): { value: number; end: number } {
  let end = at;
  while (end < at + max && /[0-9A-Fa-f]/.test(text.charAt(end))) end += 1;
  return { value: end === at ? -1 : parseInt(text.slice(at, end), 16), end };
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
    if (hex.value === -1) out.text(`\\${e}`); // bash keeps an escape without digits as written
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

// ---------------------------------------------------------------------------------------------
// Windows cmd.exe, then the C runtime's argument splitting in curl.exe

function scanCmd(s: Scan): void {
  const line = cmdPass(s);
  splitCrtArguments(s, line);
}

/** What cmd.exe hands to curl.exe: the text with ^ escapes applied, plus where each character came from. */
interface CmdLine {
  chars: string[];
  origin: number[];
}

/**
 * cmd.exe's pass: outside its own "..." a ^ makes the next character literal, and ^ at a line
 * end joins the next line (whose first character is then literal too, which is how DevTools
 * writes a newline inside an argument: ^ + two line breaks). & | < > outside quotes are
 * operators, refused. Inside "..." nothing is special except the closing quote.
 */
function cmdPass(s: Scan): CmdLine {
  const { text } = s;
  const out: CmdLine = { chars: [], origin: [] };
  const emit = (c: string, from: number): void => {
    out.chars.push(c);
    out.origin.push(from);
  };
  let inQuote = false;
  let openedAt = -1;
  while (s.pos < text.length) {
    const at = s.pos;
    const c = text.charAt(at);
    s.pos += 1;
    if (c === '\r' && text.charAt(at + 1) === '\n') continue; // cmd drops the CR of CRLF
    if (c === '"') {
      inQuote = !inQuote;
      openedAt = at;
      s.lineHasContent = true;
      emit(c, at);
    } else if (inQuote) emit(c, at);
    else if (c === '\r') emit(' ', at);
    else if (c === '^') cmdCaret(s, at, emit);
    else if (c === '\n') {
      s.pos = bareLineBreak(s, at);
      emit(' ', at);
    } else if (c === '&' || c === '|' || c === '<' || c === '>') throw cmdOperator(s, at);
    else if (c === '%') {
      cmdVariable(s, at);
      emit(c, at);
    } else {
      rejectControl(s, at);
      if (!isBlank(c)) s.lineHasContent = true;
      emit(c, at);
    }
  }
  if (inQuote) throw unterminated(text, openedAt);
  return out;
}

function cmdCaret(s: Scan, at: number, emit: (c: string, from: number) => void): void {
  const { text } = s;
  const continued = continuationEnd(s, at);
  if (continued !== -1) {
    // the first character of the joined line is escaped; a second line break there is a literal newline
    s.lineHasContent = false;
    const breakEnd = lineBreakEnd(text, continued);
    if (breakEnd !== -1) {
      emit('\n', continued);
      s.pos = breakEnd;
    } else s.pos = continued;
    return;
  }
  if (at + 1 < text.length) emit(text.charAt(at + 1), at + 1);
  s.lineHasContent = true;
  s.pos = at + 2;
}

function cmdOperator(s: Scan, at: number): CurlParseError {
  const c = s.text.charAt(at);
  const pair = s.text.slice(at, at + 2);
  if (pair === '&&' || pair === '||') return refuse(s, at, `${pair} (a second command)`);
  if (c === '&') return refuse(s, at, 'an unquoted & (a second command in cmd)', 'put the URL in quotes if it contains &');
  if (c === '|') return refuse(s, at, 'a pipe (|)');
  return refuse(s, at, `a redirection (${c})`, 'paste only the curl command (use -o to save the response)');
}

/** %NAME% is expanded by cmd.exe (DevTools writes %^X so that it is not). */
function cmdVariable(s: Scan, at: number): void {
  const name = variableName(s.text, at + 1, '');
  if (name !== '' && s.text.charAt(at + 1 + name.length) === '%') s.notes.variable(`%${name}%`);
}

/**
 * The Microsoft C runtime's rules (what curl.exe sees as argv): spaces and tabs split words
 * outside "..."; 2n backslashes before a quote become n and the quote toggles quoting, 2n+1
 * become n and a literal quote; other backslashes are literal; "" inside quotes is one quote.
 */
function splitCrtArguments(s: Scan, line: CmdLine): void {
  const { chars } = line;
  let inQuote = false;
  let openedAt = -1;
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] ?? '';
    if (!inQuote && (c === ' ' || c === '\t')) {
      s.words.end();
      i += 1;
    } else if (c === '\\') i = crtBackslashes(s, chars, i);
    else if (c === '"' && inQuote && chars[i + 1] === '"') {
      s.words.add('"');
      i += 2;
    } else if (c === '"') {
      inQuote = !inQuote;
      openedAt = line.origin[i] ?? 0;
      s.words.open();
      i += 1;
    } else {
      s.words.add(c);
      i += 1;
    }
  }
  if (inQuote) throw unterminated(s.text, openedAt);
}

function crtBackslashes(s: Scan, chars: string[], at: number): number {
  let end = at;
  while (chars[end] === '\\') end += 1;
  const count = end - at;
  if (chars[end] !== '"') {
    if (count >= 2) {
      s.notes.warn('in cmd, backslashes reach curl.exe as written unless a quote follows them, so \\\\ stays two backslashes (DevTools\' "Copy as cURL (cmd)" doubles every backslash); if the body shows too many, copy as cURL (bash) instead');
    }
    s.words.add('\\'.repeat(count));
    return end;
  }
  s.words.add('\\'.repeat(Math.floor(count / 2)));
  if (count % 2 === 1) {
    s.words.add('"');
    return end + 1;
  }
  return end; // the quote toggles quoting on the next step
}

// ---------------------------------------------------------------------------------------------
// PowerShell (curl.exe called from PowerShell; arguments passed as PowerShell 7.3+ passes them)

function scanPowerShell(s: Scan): void {
  const { text } = s;
  while (s.pos < text.length) {
    const at = s.pos;
    const c = text.charAt(at);
    if (c === ' ' || c === '\t') {
      s.words.end();
      s.pos += 1;
    } else if (c === '\n' || c === '\r') {
      s.pos = c === '\r' && text.charAt(at + 1) !== '\n' ? at + 1 : bareLineBreak(s, at);
      if (c === '\r') s.words.end();
    } else if (c === '`') powerShellBacktick(s);
    else if (c === "'") powerShellSingleQuoted(s);
    else if (c === '"') powerShellDoubleQuoted(s);
    else if (c === '$') {
      powerShellDollar(s, at);
      s.words.add('$');
      s.lineHasContent = true;
      s.pos += 1;
    } else if (c === '#' && !s.words.inWord) skipComment(s);
    else if ('|&;<>'.includes(c)) throw posixOperator(s, at);
    else {
      addPlain(s, c);
      s.pos += 1;
    }
  }
}

function powerShellBacktick(s: Scan): void {
  const at = s.pos;
  const continued = continuationEnd(s, at);
  if (continued !== -1) {
    s.pos = continued;
    s.lineHasContent = false;
    return;
  }
  if (at + 1 < s.text.length) s.words.add(s.text.charAt(at + 1));
  s.lineHasContent = true;
  s.pos = at + 2;
}

/** '...' with '' for a quote; nothing else is special. */
function powerShellSingleQuoted(s: Scan): void {
  const { text } = s;
  const openedAt = s.pos;
  s.words.open();
  let i = openedAt + 1;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close === -1) throw unterminated(text, openedAt);
    s.words.add(text.slice(i, close));
    if (text.charAt(close + 1) !== "'") {
      s.pos = close + 1;
      break;
    }
    s.words.add("'");
    i = close + 2;
  }
  s.lineHasContent = true;
}

const POWERSHELL_ESCAPES: Readonly<Record<string, string>> = {
  a: '\u0007', b: '\b', e: '\u001b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
};

/** "..." with `x escapes and "" for a quote; $name is noted, $( refused. */
function powerShellDoubleQuoted(s: Scan): void {
  const { text } = s;
  const openedAt = s.pos;
  s.words.open();
  let i = openedAt + 1;
  for (;;) {
    if (i >= text.length) throw unterminated(text, openedAt);
    const c = text.charAt(i);
    if (c === '"' && text.charAt(i + 1) === '"') {
      s.words.add('"');
      i += 2;
    } else if (c === '"') break;
    else if (c === '`') i = powerShellEscape(s, i, openedAt);
    else {
      if (c === '$') powerShellDollar(s, i);
      s.words.add(c);
      i += 1;
    }
  }
  s.lineHasContent = true;
  s.pos = i + 1;
}

function powerShellEscape(s: Scan, at: number, openedAt: number): number {
  const e = s.text.charAt(at + 1);
  if (e === '') throw unterminated(s.text, openedAt);
  if (e === '0') throw new CurlParseError(`the string at line ${lineAt(s.text, openedAt)} contains a NUL character (\`0), which cannot be passed to curl`);
  if (e === 'u' && s.text.charAt(at + 2) === '{') {
    const hex = readHex(s.text, at + 3, 6);
    if (hex.value > 0 && s.text.charAt(hex.end) === '}') {
      s.words.add(hex.value > 0x10ffff ? '\ufffd' : String.fromCodePoint(hex.value));
      return hex.end + 1;
    }
  }
  s.words.add(POWERSHELL_ESCAPES[e] ?? e);
  return at + 2;
}

function powerShellDollar(s: Scan, at: number): void {
  const next = s.text.charAt(at + 1);
  if (next === '(') throw refuse(s, at, 'a subexpression $(...), which is not run here', 'paste the command with its result filled in');
  if (next === '{') {
    const close = s.text.slice(at + 2, at + 66).indexOf('}');
    s.notes.variable(close === -1 ? '${...}' : `\${${s.text.slice(at + 2, at + 2 + close)}}`);
  } else if (/[A-Za-z_]/.test(next)) s.notes.variable(`$${variableName(s.text, at + 1, ':')}`);
}
