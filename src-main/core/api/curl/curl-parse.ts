// A pasted cURL command -> the request it would send (method, URL, headers, body), without
// running anything. The text is split into words the way its shell would (curl-shell.ts), then
// the words are read the way curl 8 reads them: long options with or without `=`, short options
// clustered (-sSL) or glued to their value (-XPOST), `--` ending the options.
//
// - Every option curl knows is recognised, so an option's value is never mistaken for a URL.
//   Options that change the request are applied; those that only change curl's own behaviour
//   (output, retries, timeouts, HTTP version) land in `ignored`; the rest are reported in
//   `unknown`, never dropped silently. Values that may hold secrets are not echoed there.
// - Anything the pasted text alone cannot reproduce is refused with a sentence saying what to
//   do: local files (-d @file, -T, -K), multipart (-F), several requests, other schemes.
// - Bodies are kept byte for byte: several -d are joined with `&` as curl joins them; only
//   --data-urlencode encodes, the way curl does (space as +).
//
// Where the pieces live: curl-options.ts (the option table), curl-arguments.ts (reading the
// words), curl-draft.ts (what each option sets), curl-url.ts, curl-encoding.ts.
import { CurlParseError, preview } from './curl-error';
import type { FormPart } from './curl-form';
import { readArguments } from './curl-arguments';
import type { Draft } from './curl-draft';
import { appendQuery, checkUrl, warnAboutGlobs } from './curl-url';
import { commandStart, splitShellWords } from './curl-shell';

export { CurlParseError } from './curl-error';
export { formEncode, querySafe } from './curl-encoding';

export interface ParsedCurl {
  /** upper-case; from -X/--request, else HEAD for -I, GET for -G, POST when a body is given, else GET */
  method: string;
  /** absolute http(s) URL as given (with -G data and --url-query appended to its query) */
  url: string;
  /** in the order given; -A, -e, -b, -u, --oauth2-bearer and -r become headers where they appear */
  headers: { name: string; value: string }[];
  /** the body exactly as curl would send it, or null (also for -F: see `form`) */
  body: string | null;
  /** -F parts (a multipart/form-data body); file parts only name their file, which is never read */
  form: FormPart[] | null;
  /**
   * the Content-Type curl would send: the first explicit -H wins ('' for `-H 'Content-Type;'`);
   * otherwise application/json for --json and application/x-www-form-urlencoded for any other
   * body; null when curl sends none (no body, -G, or `-H 'Content-Type:'` removing curl's own)
   */
  contentType: string | null;
  /** options that were understood but do not change the request (-L, -s, -o file, --max-time 10, ...) */
  ignored: string[];
  /** options this parser does not apply: reported, never silently dropped */
  unknown: string[];
  /** human sentences about what was assumed or left out */
  warnings: string[];
}

/** Larger pastes are refused before any parsing: no curl command people paste is that big. */
export const MAX_PASTE_BYTES = 256 * 1024;

export function parseCurl(text: string): ParsedCurl {
  rejectOversized(text);
  if (text.trim() === '') throw new CurlParseError('the pasted text is empty; paste a curl command');
  assertStartsWithCurl(text);
  const shell = splitShellWords(text);
  const [command, ...args] = shell.words;
  if (command === undefined || !isCurlProgram(command)) throw notCurl();
  const draft = readArguments(args);
  return buildRequest(draft, shell.warnings);
}

function rejectOversized(text: string): void {
  // a UTF-16 length above the limit is always more bytes than that, and costs nothing to check
  if (text.length > MAX_PASTE_BYTES || Buffer.byteLength(text, 'utf8') > MAX_PASTE_BYTES) {
    throw new CurlParseError('the pasted text is larger than 256 KiB; paste only the curl command');
  }
}

function notCurl(): CurlParseError {
  return new CurlParseError('this does not look like a curl command; it should start with curl');
}

/** Checked on the raw text first, so prose or another command gets this message, not a quoting error. */
function assertStartsWithCurl(text: string): void {
  const start = commandStart(text);
  const head = text.slice(start, start + 64);
  const word = head.split(/\s/, 1)[0] ?? '';
  const unquoted = word.replace(/^(\^?["'])/, '').replace(/(\^?["'])?[\\^`]?$/, '');
  if (!isCurlProgram(unquoted)) throw notCurl();
}

function isCurlProgram(word: string): boolean {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  return base === 'curl' || base === 'curl.exe';
}

// ---------------------------------------------------------------------------------------------
// The request

function buildRequest(draft: Draft, shellWarnings: string[]): ParsedCurl {
  const warnings = [...shellWarnings, ...draft.warnings];
  if (draft.authScheme !== null && draft.hasUser) {
    throw new CurlParseError(`--${draft.authScheme} authentication is not supported; only Basic (-u user:password) and Bearer tokens are`);
  }
  let url = checkUrl(pickUrl(draft), warnings);
  if (!draft.globoff) warnAboutGlobs(url, warnings);
  if (draft.head && draft.data !== null && !draft.get) {
    throw new CurlParseError('-I (HEAD) cannot be combined with a request body (-d); remove one of them');
  }
  if (draft.form !== null && (draft.data !== null || draft.get || draft.head)) {
    throw new CurlParseError(
      '-F (a multipart form) cannot be combined with -d, -G or -I, as curl says too; keep one way of sending the body',
    );
  }
  let body = draft.data;
  if (draft.get && body !== null) {
    url = appendQuery(url, body);
    body = null;
  }
  if (draft.query !== null) url = appendQuery(url, draft.query);
  const method = draft.method ?? (draft.head ? 'HEAD' : draft.get ? 'GET' : body !== null || draft.form !== null ? 'POST' : 'GET');
  if ((method === 'GET' || method === 'HEAD') && body !== null && body !== '') {
    warnings.push(`the request is a ${method} with a body, which most servers ignore; use -G to send the data in the query string instead`);
  }
  const headers = finalHeaders(draft);
  return {
    method,
    url,
    headers,
    body,
    form: draft.form,
    contentType:
      draft.form !== null && !draft.explicit.has('content-type') ? 'multipart/form-data' : effectiveContentType(draft, headers, body),
    ignored: draft.ignored,
    unknown: draft.unknown,
    warnings: [...new Set(warnings)],
  };
}

function finalHeaders(draft: Draft): { name: string; value: string }[] {
  const headers = draft.headers
    .filter((h) => !(h.derived && draft.explicit.has(h.name.toLowerCase())))
    .map((h) => ({ name: h.name, value: h.value }));
  if (draft.json) {
    const present = new Set([...draft.explicit, ...headers.map((h) => h.name.toLowerCase())]);
    if (!present.has('content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
    if (!present.has('accept')) headers.push({ name: 'Accept', value: 'application/json' });
  }
  return headers;
}

/** What curl puts in Content-Type: what was given, else its default for the body (--json's is in `headers`). */
function effectiveContentType(draft: Draft, headers: { name: string; value: string }[], body: string | null): string | null {
  const given = headers.find((h) => h.name.toLowerCase() === 'content-type');
  if (given !== undefined) return given.value;
  if (draft.explicit.has('content-type') || body === null) return null;
  return 'application/x-www-form-urlencoded';
}

function pickUrl(draft: Draft): string {
  const [first, second] = draft.urls;
  if (first === undefined) throw new CurlParseError('the command has no URL; add the address the request goes to');
  if (second !== undefined)
    throw new CurlParseError(`the command has more than one URL (${preview(first)} and ${preview(second)}); keep only one`);
  return first;
}
