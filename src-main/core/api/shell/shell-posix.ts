// POSIX sh / bash / zsh: curl's docs, Postman, Insomnia, readme.io, DevTools "Copy as cURL (bash)".
// $'...' is read by shell-ansi-c.ts.
import type { CurlParseError } from '../curl/curl-error';
import { ansiCQuoted } from './shell-ansi-c';
import { refuse, unterminated } from './shell-scan';
import type { Scan } from './shell-scan';
import { noteVariable, scanWords } from './shell-words';
import type { WordRules } from './shell-words';

const POSIX_RULES: WordRules = {
  escape: '\\',
  operators: '|&;<>()`',
  operator: posixOperator,
  singleQuoted: posixSingleQuoted,
  doubleQuoted: posixDoubleQuoted,
  dollar: posixBareDollar,
};

export function scanPosix(s: Scan): void {
  scanWords(s, POSIX_RULES);
}

export function posixOperator(s: Scan, at: number): CurlParseError {
  const c = s.text.charAt(at);
  const pair = s.text.slice(at, at + 2);
  if (pair === '&&') return refuse(s, at, '&& (a second command)');
  if (pair === '||') return refuse(s, at, '|| (a second command)');
  if (c === '|') return refuse(s, at, 'a pipe (|)');
  if (c === '&')
    return refuse(s, at, 'an unquoted & (which would run the command in the background)', 'put the URL in quotes if it contains &');
  if (c === ';') return refuse(s, at, 'a ; (a second command)');
  if (c === '<' || c === '>') return refuse(s, at, `a redirection (${c})`, 'paste only the curl command (use -o to save the response)');
  if (c === '`')
    return refuse(s, at, 'a backtick command substitution (`...`), which is not run here', 'paste the command with its result filled in');
  return refuse(s, at, `an unquoted parenthesis (${c})`, 'put that argument in quotes');
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
  if (c === '`')
    throw refuse(s, at, 'a backtick command substitution (`...`), which is not run here', 'paste the command with its result filled in');
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

/** `$` outside quotes: $'...' (ANSI-C), $"..." (read as "..."), or a `$` of its own. */
function posixBareDollar(s: Scan): void {
  const at = s.pos;
  const next = s.text.charAt(at + 1);
  if (next === "'") ansiCQuoted(s);
  else if (next === '"')
    s.pos += 1; // $"..." (locale translation) reads as "..."
  else {
    posixDollar(s, at);
    s.lineHasContent = true;
    s.pos += 1;
  }
}

/** A POSIX `$` not starting $'...': notes a variable, refuses $(...), keeps the `$` itself. */
function posixDollar(s: Scan, at: number): void {
  const next = s.text.charAt(at + 1);
  if (next === '(')
    throw refuse(s, at, 'a command substitution $(...), which is not run here', 'paste the command with its result filled in');
  if (!noteVariable(s, at, '') && next !== '' && '0123456789@*#?$!-'.includes(next)) s.notes.variable(`$${next}`);
  s.words.add('$');
}
