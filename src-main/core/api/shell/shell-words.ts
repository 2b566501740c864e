// What the POSIX and PowerShell scanners share: both split words the same way (blanks, line
// breaks, one escape character, '...' and "...", `$`, comments, refused operators) and differ
// only in which character escapes, how their quotes read and what a `$` starts. cmd.exe works
// in two passes of its own (shell-cmd.ts).
import type { CurlParseError } from '../curl/curl-error';
import { addPlain, bareLineBreak, continuationEnd, skipComment, variableName } from './shell-scan';
import type { Scan } from './shell-scan';

export interface WordRules {
  /** outside quotes, escapes the next character or continues the line: \ in sh, ` in PowerShell */
  escape: string;
  /** characters outside quotes that would run more than the one command */
  operators: string;
  operator(s: Scan, at: number): CurlParseError;
  singleQuoted(s: Scan): void;
  doubleQuoted(s: Scan): void;
  /** a `$` outside quotes at s.pos; moves s.pos past what it read */
  dollar(s: Scan): void;
}

export function scanWords(s: Scan, rules: WordRules): void {
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
    } else if (c === rules.escape) escaped(s);
    else if (c === "'") rules.singleQuoted(s);
    else if (c === '"') rules.doubleQuoted(s);
    else if (c === '$') rules.dollar(s);
    else if (c === '#' && !s.words.inWord) skipComment(s);
    else if (rules.operators.includes(c)) throw rules.operator(s, at);
    else {
      addPlain(s, c);
      s.pos += 1;
    }
  }
}

/** The escape character outside quotes: a line continuation, or the next character taken literally. */
function escaped(s: Scan): void {
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

/**
 * `${name}` or `$name` after the `$` at `at`, noted as a variable that stays as written;
 * `nameChars`: what a name may hold besides letters, digits and _. False when neither follows.
 */
export function noteVariable(s: Scan, at: number, nameChars: string): boolean {
  const next = s.text.charAt(at + 1);
  if (next === '{') {
    const close = s.text.slice(at + 2, at + 66).indexOf('}');
    s.notes.variable(close === -1 ? '${...}' : `\${${s.text.slice(at + 2, at + 2 + close)}}`);
    return true;
  }
  if (!/[A-Za-z_]/.test(next)) return false;
  s.notes.variable(`$${variableName(s.text, at + 1, nameChars)}`);
  return true;
}
