// What one attempt sent and got back, for the request log, scrubbed of the key in use. Not cut
// yet: the log scrubs again with every key the vault holds and only then cuts to its bound
// (a key is scrubbed before its text is cut, so a cut can never leave a longer run behind).
// A file body is described from the PreparedRequest, never read: the sender streams files.
import { STATUS_CODES } from 'node:http';
import { basename } from 'node:path';
import { formatBytes } from '../../shared/format';
import { toCurl } from '../request/to-curl';
import { scrubLoggedSend } from '../log/logged-send';
import type { LoggedBody, LoggedSend } from '../model';
import type { PreparedRequest } from './prepared-request';
import { CREATED_KEY_NOT_KEPT, withoutKeyValues } from './scrub/key-answers';
import { scrubJson, scrubSecret } from './scrub/redact';
import { contentTypeOf } from './response-body';
import { markScrubbed } from './scrub/scrubbed-for';

/** a body as the log keeps it, before the log's own scrubbing and cut (`truncated`: the reader stopped early) */
export type ObservedBody = LoggedBody;

export interface ObservedExchange {
  statusText: string | null;
  /** null when nothing answered */
  responseHeaders: Record<string, string> | null;
  requestBody: ObservedBody | null;
  responseBody: ObservedBody | null;
  /** the cURL of the request with the key as $CRM_API_KEY; null when it cannot be printed */
  curl: string | null;
  /** a message send's fields (PreparedRequest.sent), scrubbed */
  sent: LoggedSend | null;
}

export interface ObservedResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  truncated: boolean;
}

/** Headers a server sets that carry a session of their own. */
const SESSION_HEADERS = new Set(['set-cookie', 'set-cookie2', 'www-authenticate', 'proxy-authenticate']);

/** `scrubbedText`: `response.text` already scrubbed of `apiKey` (the sender scans a body once) */
export function observeExchange(
  request: PreparedRequest,
  apiKey: string,
  response: ObservedResponse | null,
  scrubbedText?: string,
): ObservedExchange {
  const scrub = (text: string): string => scrubSecret(text, apiKey);
  const exchange: ObservedExchange = {
    statusText: response === null ? null : (STATUS_CODES[response.status] ?? null),
    responseHeaders: response === null ? null : scrubJson(sessionRedacted(response.headers), apiKey),
    requestBody: requestBodyOf(request, scrub),
    responseBody: response === null || response.text === '' ? null : responseBodyOf(request, response, scrub, scrubbedText),
    curl: curlOf(request, scrub),
    sent: request.sent === undefined ? null : scrubLoggedSend(request.sent, scrub),
  };
  // every text above is scrubbed of the key in use: the log need not scan for it again
  markScrubbed(exchange, apiKey);
  return exchange;
}

function responseBodyOf(
  request: PreparedRequest,
  response: ObservedResponse,
  scrub: (text: string) => string,
  scrubbedText: string | undefined,
): ObservedBody {
  const text = withoutKeyValues(request.endpoint, response.status, response.text);
  const contentType = contentTypeOf(response.headers['content-type']);
  if (text === null) return { kind: 'text', text: CREATED_KEY_NOT_KEPT, contentType: null, truncated: false };
  // the text as it came (no key value cut out of it here): the sender's scan of it stands
  const scrubbed = scrubbedText !== undefined && text === response.text ? scrubbedText : scrub(text);
  return { kind: 'text', text: scrubbed, contentType, truncated: response.truncated };
}

function requestBodyOf(request: PreparedRequest, scrub: (text: string) => string): ObservedBody | null {
  const body = request.body;
  if (body === null) return null;
  const contentType = headerValue(request.headers, 'content-type');
  if (body.kind === 'json' || body.kind === 'form') return { kind: 'text', text: scrub(body.text), contentType, truncated: false };
  if (body.kind === 'multipart') {
    const parts = body.parts.map((p) =>
      'filePath' in p ? `${p.name}: file ${basename(p.filePath)}, ${formatBytes(p.fileSize)}, ${p.contentType}` : `${p.name}: ${p.value}`,
    );
    return { kind: 'file', text: scrub(`multipart body: ${parts.join('; ')}`), contentType, truncated: false };
  }
  const declared = declaredMimetype(`${body.prefix}${body.suffix}`);
  const parts = [basename(body.filePath), formatBytes(body.fileSize), ...(declared ? [declared] : [])];
  return { kind: 'file', text: scrub(`file body: ${parts.join(', ')}`), contentType, truncated: false };
}

function curlOf(request: PreparedRequest, scrub: (text: string) => string): string | null {
  try {
    // the same command send:copy-curl gives: exactly what was sent, without the key
    return scrub(toCurl(request));
  } catch {
    // a NUL in a header or body cannot be put in a shell word; the log then has no cURL
    return null;
  }
}

function sessionRedacted(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SESSION_HEADERS.has(name.toLowerCase()) ? '***' : value;
  return out;
}

function headerValue(headers: Record<string, string>, wanted: string): string | null {
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === wanted) return value;
  return null;
}

/** The mimetype a media body declares next to its base64 ("mimetype":"application/pdf"), if any. */
function declaredMimetype(json: string): string | null {
  const match = /"(?:mime_?type|content_?type)"\s*:\s*"([\w.+-]+\/[\w.+-]+)"/i.exec(json);
  return match?.[1] ?? null;
}
