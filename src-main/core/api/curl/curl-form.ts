// curl's -F / --form / --form-string: one part of a multipart/form-data body. `name=text`,
// `name=@path;type=image/png;filename=x.png` (a file part: the path is only a reference, the
// app never reads a file a pasted command names), `name=<path` (a file read as text: refused).
// --form-string takes the text literally. Pure.
import { CurlParseError, preview } from './curl-error';

export type FormPart =
  { name: string; value: string; type: string | null } | { name: string; file: string; type: string | null; filename: string | null };

export function isFilePart(part: FormPart): part is Extract<FormPart, { file: string }> {
  return 'file' in part;
}

export function readFormPart(spelled: string, raw: string, literal: boolean): FormPart {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new CurlParseError(`${spelled} ${preview(raw)} has no name=value; write ${spelled} name=value`);
  const name = raw.slice(0, eq);
  const content = raw.slice(eq + 1);
  if (literal) return { name, value: content, type: null };
  if (content.startsWith('<')) {
    throw new CurlParseError(
      `${spelled} ${preview(raw)} reads the part's text from a local file, which cannot be read from a pasted command; write name=value instead`,
    );
  }
  if (content.startsWith('@')) {
    const [file, rest] = firstWord(content.slice(1));
    if (file === '') throw new CurlParseError(`${spelled} ${preview(raw)} names no file after @`);
    const params = readParams(rest);
    return { name, file, type: params.type ?? null, filename: params.filename ?? null };
  }
  return readTextPart(name, content);
}

/**
 * A text part as curl reads one: blanks before the value are skipped; a value in double quotes
 * loses its quotes (`type="image/jpeg"` sends image/jpeg), and what follows the closing quote up
 * to a `;` is dropped; an unquoted value ends at `;type=` (or filename=, headers=), its trailing
 * blanks trimmed. A quote that is never closed is part of the text.
 */
function readTextPart(name: string, content: string): FormPart {
  const text = content.replace(/^\s+/, '');
  const quoted = text.startsWith('"') ? quotedWord(text) : null;
  if (quoted !== null) {
    const semi = quoted.rest.indexOf(';');
    return { name, value: quoted.word, type: semi === -1 ? null : (readParams(quoted.rest.slice(semi)).type ?? null) };
  }
  const semi = text.search(/;(type|filename|headers)=/);
  if (semi === -1) return { name, value: text.replace(/\s+$/, ''), type: null };
  return { name, value: text.slice(0, semi).replace(/\s+$/, ''), type: readParams(text.slice(semi)).type ?? null };
}

/** `"..."` at the start of `text` with curl's two escapes (\" and \\; any other backslash stays), or null if never closed. */
function quotedWord(text: string): { word: string; rest: string } | null {
  let word = '';
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
      word += text[i + 1];
      i += 1;
    } else if (c === '"') return { word, rest: text.slice(i + 1) };
    else word += c;
  }
  return null;
}

/** The file name, double-quoted as quotedWord reads it when it holds `;` or `,`, and what follows. */
function firstWord(text: string): [string, string] {
  if (text.startsWith('"')) {
    const quoted = quotedWord(text);
    if (quoted === null) throw new CurlParseError(`the quoted file name ${preview(text)} has no closing quote`);
    return [quoted.word, quoted.rest];
  }
  const semi = text.indexOf(';');
  return semi === -1 ? [text, ''] : [text.slice(0, semi), text.slice(semi)];
}

function readParams(text: string): { type?: string; filename?: string } {
  const out: { type?: string; filename?: string } = {};
  let rest = text;
  while (rest.startsWith(';')) {
    const eq = rest.indexOf('=');
    if (eq === -1) break;
    const key = rest.slice(1, eq).trim().toLowerCase();
    const [value, after] = firstWord(rest.slice(eq + 1));
    if (key === 'type') out.type = value.trim();
    else if (key === 'filename') out.filename = value;
    rest = after;
  }
  return out;
}
