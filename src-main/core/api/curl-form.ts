// curl's -F / --form / --form-string: one part of a multipart/form-data body. `name=text`,
// `name=@path;type=image/png;filename=x.png` (a file part: the path is only a reference, the
// app never reads a file a pasted command names), `name=<path` (a file read as text: refused).
// --form-string takes the text literally. Pure.
import { CurlParseError, preview } from './curl-error';

export type FormPart =
  | { name: string; value: string; type: string | null }
  | { name: string; file: string; type: string | null; filename: string | null };

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
    throw new CurlParseError(`${spelled} ${preview(raw)} reads the part's text from a local file, which cannot be read from a pasted command; write name=value instead`);
  }
  if (content.startsWith('@')) {
    const [file, rest] = firstWord(content.slice(1));
    if (file === '') throw new CurlParseError(`${spelled} ${preview(raw)} names no file after @`);
    const params = readParams(rest);
    return { name, file, type: params.type ?? null, filename: params.filename ?? null };
  }
  // a text part may end in ;type=... as a file part may (curl reads it the same way)
  const semi = content.search(/;(type|filename|headers)=/);
  if (semi === -1) return { name, value: content, type: null };
  return { name, value: content.slice(0, semi), type: readParams(content.slice(semi)).type ?? null };
}

/** The file name, double-quoted (with \" and \\ escapes) when it holds `;` or `,`, and what follows. */
function firstWord(text: string): [string, string] {
  if (text.startsWith('"')) {
    let out = '';
    for (let i = 1; i < text.length; i += 1) {
      const c = text[i]!;
      if (c === '\\' && i + 1 < text.length) {
        out += text[i + 1];
        i += 1;
      } else if (c === '"') return [out, text.slice(i + 1)];
      else out += c;
    }
    throw new CurlParseError(`the quoted file name ${preview(text)} has no closing quote`);
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
