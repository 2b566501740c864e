// PowerShell (curl.exe called from PowerShell; arguments passed as PowerShell 7.3+ passes them)
import { CurlParseError } from '../curl/curl-error';
import { posixOperator } from './shell-posix';
import { lineAt, readHex, refuse, unterminated } from './shell-scan';
import type { Scan } from './shell-scan';
import { noteVariable, scanWords } from './shell-words';
import type { WordRules } from './shell-words';

const POWERSHELL_RULES: WordRules = {
  escape: '`',
  operators: '|&;<>',
  operator: posixOperator,
  singleQuoted: (s) => powerShellQuoted(s, singleQuotedBody),
  doubleQuoted: (s) => powerShellQuoted(s, doubleQuotedBody),
  dollar: powerShellBareDollar,
};

export function scanPowerShell(s: Scan): void {
  scanWords(s, POWERSHELL_RULES);
}

/**
 * A quoted string from s.pos: `readBody` adds what it holds to the word, from just after the
 * opening quote, and answers where the closing quote is.
 */
function powerShellQuoted(s: Scan, readBody: (s: Scan, from: number, openedAt: number) => number): void {
  const openedAt = s.pos;
  s.words.open();
  const close = readBody(s, openedAt + 1, openedAt);
  s.lineHasContent = true;
  s.pos = close + 1;
}

/** '...' with '' for a quote; nothing else is special. */
function singleQuotedBody(s: Scan, from: number, openedAt: number): number {
  const { text } = s;
  let i = from;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close === -1) throw unterminated(text, openedAt);
    s.words.add(text.slice(i, close));
    if (text.charAt(close + 1) !== "'") return close;
    s.words.add("'");
    i = close + 2;
  }
}

const POWERSHELL_ESCAPES: Readonly<Record<string, string>> = {
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** "..." with `x escapes and "" for a quote; $name is noted, $( refused. */
function doubleQuotedBody(s: Scan, from: number, openedAt: number): number {
  const { text } = s;
  let i = from;
  for (;;) {
    if (i >= text.length) throw unterminated(text, openedAt);
    const c = text.charAt(i);
    if (c === '"' && text.charAt(i + 1) === '"') {
      s.words.add('"');
      i += 2;
    } else if (c === '"') return i;
    else if (c === '`') i = powerShellEscape(s, i, openedAt);
    else {
      if (c === '$') powerShellDollar(s, i);
      s.words.add(c);
      i += 1;
    }
  }
}

function powerShellEscape(s: Scan, at: number, openedAt: number): number {
  const e = s.text.charAt(at + 1);
  if (e === '') throw unterminated(s.text, openedAt);
  if (e === '0')
    throw new CurlParseError(
      `the string at line ${lineAt(s.text, openedAt)} contains a NUL character (\`0), which cannot be passed to curl`,
    );
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

function powerShellBareDollar(s: Scan): void {
  powerShellDollar(s, s.pos);
  s.words.add('$');
  s.lineHasContent = true;
  s.pos += 1;
}

function powerShellDollar(s: Scan, at: number): void {
  if (s.text.charAt(at + 1) === '(')
    throw refuse(s, at, 'a subexpression $(...), which is not run here', 'paste the command with its result filled in');
  noteVariable(s, at, ':');
}
