// Windows cmd.exe, then the C runtime's argument splitting in curl.exe (DevTools "Copy as cURL (cmd)")
import type { CurlParseError } from '../curl/curl-error';
import { bareLineBreak, continuationEnd, isBlank, lineBreakEnd, refuse, rejectControl, unterminated, variableName } from './shell-scan';
import type { Scan } from './shell-scan';

export function scanCmd(s: Scan): void {
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
      s.notes.warn(
        "in cmd, backslashes reach curl.exe as written unless a quote follows them, so \\\\ stays two backslashes (DevTools' " +
          '"Copy as cURL (cmd)" doubles every backslash); if the body shows too many, copy as cURL (bash) instead',
      );
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
