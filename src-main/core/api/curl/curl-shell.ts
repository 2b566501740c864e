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
//
// This file picks the dialect; the scanners are shell-posix.ts (with shell-ansi-c.ts),
// shell-cmd.ts and shell-powershell.ts, and what they share is shell-scan.ts.
import { isBlank, newScan, rejectNul } from '../shell/shell-scan';
import { scanCmd } from '../shell/shell-cmd';
import { scanPosix } from '../shell/shell-posix';
import { scanPowerShell } from '../shell/shell-powershell';

export { CurlParseError } from './curl-error';

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

/**
 * Where the command starts: after a byte-order mark, blank lines, whole-line `#` comments (docs
 * often title a command with one; the shell skips them) and a `$ ` prompt.
 */
export function commandStart(text: string): number {
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  for (;;) {
    while (i < text.length && isBlank(text.charAt(i))) i += 1;
    if (text.charAt(i) !== '#') break;
    const end = text.indexOf('\n', i);
    i = end === -1 ? text.length : end + 1;
  }
  if (text.charAt(i) === '$' && (text.charAt(i + 1) === ' ' || text.charAt(i + 1) === '\t')) {
    i += 2;
    while (text.charAt(i) === ' ' || text.charAt(i) === '\t') i += 1;
  }
  return i;
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
