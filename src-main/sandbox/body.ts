// Reads a request body while counting bytes: past `limit` it stops keeping anything and
// resolves at once (the caller answers 400 and closes the connection). A body that pauses for
// `timeoutMs`, or trickles in slower than 64 KiB/s on average after a grace of `timeoutMs`,
// resolves as a timeout (slowloris), while a 134 MiB upload at any sane speed gets through.
// Whatever is still arriving after either is discarded, never buffered.
import type { IncomingMessage } from 'node:http';
import { baseMimetype } from './base-mimetype';
import type { FieldError } from './errors';
import { field } from './reply';

export type BodyResult =
  | { kind: 'ok'; bytes: Buffer }
  | { kind: 'too_large'; limit: number }
  /** the bytes would not fit the upload budget (a body without Content-Length, counted as it came) */
  | { kind: 'over_budget' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

export interface ReadOptions {
  /** false: count and discard the bytes (nothing will use them); default true */
  keep?: boolean;
  /** asked for every chunk kept; false stops reading (over_budget) */
  reserve?: (bytes: number) => boolean;
}

const EMPTY = Buffer.alloc(0);

const discard = (): void => {};
const MIN_BYTES_PER_MS = (64 * 1024) / 1000;

export function readBody(req: IncomingMessage, limit: number, timeoutMs: number, options: ReadOptions = {}): Promise<BodyResult> {
  const keep = options.keep !== false;
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.on('data', discard);
      resolve({ kind: 'too_large', limit });
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    // with a known length the body is copied into one buffer as it comes: no second copy at the end
    let whole: Buffer | null = keep && Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
    let done = false;
    const startedAt = Date.now();
    let lastDataAt = startedAt;
    const finish = (result: BodyResult): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.on('data', discard);
      chunks = [];
      whole = null;
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      lastDataAt = Date.now();
      size += chunk.length;
      if (size > limit) finish({ kind: 'too_large', limit });
      else if (!keep) return;
      else if (options.reserve && !options.reserve(chunk.length)) finish({ kind: 'over_budget' });
      else if (whole === null) chunks.push(chunk);
      else if (size <= whole.length) chunk.copy(whole, size - chunk.length);
      else {
        // more than declared (the HTTP parser does not allow it, but never trust it): plain chunks
        chunks = [whole.subarray(0, size - chunk.length), chunk];
        whole = null;
      }
    };
    const checkPace = (): void => {
      const now = Date.now();
      const deadline = Math.min(lastDataAt + timeoutMs, startedAt + timeoutMs + size / MIN_BYTES_PER_MS);
      if (now >= deadline) finish({ kind: 'timeout' });
      else timer = setTimeout(checkPace, deadline - now);
    };
    let timer = setTimeout(checkPace, timeoutMs);
    req.on('data', onData);
    req.once('end', () => {
      const bytes = !keep
        ? EMPTY
        : whole !== null
          ? whole.subarray(0, size)
          : chunks.length === 1
            ? chunks[0]!
            : Buffer.concat(chunks, size);
      finish({ kind: 'ok', bytes });
    });
    req.once('error', () => finish({ kind: 'aborted' }));
    req.once('close', () => finish({ kind: 'aborted' }));
  });
}

export type JsonResult = { ok: true; value: Record<string, unknown> } | { ok: false; details: FieldError[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body of a POST must be one JSON object, in valid UTF-8. */
export function parseJsonObject(bytes: Buffer): JsonResult {
  if (bytes.length === 0) return { ok: false, details: [field('body', 'a JSON object is required')] };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, details: [field('body', 'the body is not valid UTF-8')] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, details: [field('body', `malformed JSON: ${(err as Error).message}`)] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, details: [field('body', 'expected a JSON object')] };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** How a route's body object is written: docs/API.md's JSON, or an HTML form (Twilio's REST API). */
export type BodyEncoding = 'json' | 'form';

const CONTENT_TYPES: Readonly<Record<BodyEncoding, string>> = { json: 'application/json', form: 'application/x-www-form-urlencoded' };

/** POST bodies must be declared as what they are (docs/API.md: requests with a body carry application/json). */
export function checkContentType(encoding: BodyEncoding, contentType: string | undefined): FieldError | null {
  const expected = CONTENT_TYPES[encoding];
  return baseMimetype(contentType ?? '') === expected ? null : field('Content-Type', `must be ${expected}`);
}

export function checkJsonContentType(contentType: string | undefined): FieldError | null {
  return checkContentType('json', contentType);
}

function formComponent(text: string): string {
  return decodeURIComponent(text.replaceAll('+', ' '));
}

/**
 * An application/x-www-form-urlencoded body as an object: a name given once is a string, a name
 * repeated (Twilio's MediaUrl) an array in the order given. Empty is an empty object (the field
 * checks then say what is missing). Bad UTF-8 or a broken %-escape is refused, not guessed at.
 */
export function parseFormObject(bytes: Buffer): JsonResult {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, details: [field('body', 'the body is not valid UTF-8')] };
  }
  const value: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let name: string;
    let item: string;
    try {
      name = formComponent(eq < 0 ? pair : pair.slice(0, eq));
      item = formComponent(eq < 0 ? '' : pair.slice(eq + 1));
    } catch {
      return { ok: false, details: [field('body', 'malformed form body: a %-escape is not valid UTF-8')] };
    }
    const seen = value[name];
    value[name] = seen === undefined ? item : [...(Array.isArray(seen) ? seen : [seen]), item];
  }
  return { ok: true, value: { ...value } };
}

export function parseBodyObject(encoding: BodyEncoding, bytes: Buffer): JsonResult {
  return encoding === 'form' ? parseFormObject(bytes) : parseJsonObject(bytes);
}
