// The service's own reason for an error, from whatever shape its error body has: docs/API.md's
// {"error":{"message","details"}}, the WhatsApp Cloud API's {"error":{"message","code",
// "error_data":{"details"}}}, Twilio's {"code","message","more_info"}, Evolution API's and NestJS'
// {"response":{"message":[...]}} / {"message":[...]}, Laravel's {"message","errors":{...}},
// JSON:API's {"errors":[...]}, RFC 9457's {"title","detail","errors"|"validation":[...]}, plain
// {"error":"..."}, or short plain text. HTML pages give their <title> at most. The key is
// scrubbed from the whole body BEFORE it is parsed (escapes included, see http/redact.ts), and
// every text again before it is cut, so a cut can never leave a piece of it behind. Pure.
import type { FieldDetail } from '../../model';
import { scrubSecret } from '../../http/scrub/redact';
import { isRecord } from '../../parse/shape';
import type { Json } from '../../parse/shape';
import { cutChars } from '../../../shared/format';
import { MAX_DETAILS, detailsOf } from './error-details';
import type { Clean } from './error-details';
import { knownCodeHint } from './known-error-codes';
import type { Provider } from './known-error-codes';

export interface ErrorReason {
  /** a machine code when the body has one (`bad_request`, `100`, `invalid_phone`) */
  code: string | null;
  /** one line, at most MAX_MESSAGE characters */
  message: string | null;
  details: FieldDetail[];
  /** what a known provider code means and what the person can do about it, or null */
  hint: string | null;
}

const MAX_MESSAGE = 300;
/** a documentation link longer than this is left out: cut, it would lead nowhere */
const MAX_LINK = 100;
const NONE: ErrorReason = { code: null, message: null, details: [], hint: null };

export function readErrorReason(text: string, apiKey: string, contentType: string | null = null): ErrorReason {
  const scrubbed = scrubSecret(text, apiKey);
  const clean: Clean = (part, max) => line(scrubSecret(part, apiKey), max);
  let parsed: unknown;
  try {
    parsed = JSON.parse(scrubbed.replace(/^\ufeff/, ''));
  } catch {
    return { ...NONE, message: plainTextReason(scrubbed, contentType, clean) };
  }
  return reasonOfJson(parsed, clean);
}

/** The reason in a parsed body. `clean` scrubs the key (when the caller has not) and cuts. */
export function reasonOfJson(parsed: unknown, clean: Clean = line): ErrorReason {
  if (typeof parsed === 'string') return { ...NONE, message: clean(parsed, MAX_MESSAGE) || null };
  if (Array.isArray(parsed)) return { ...NONE, details: detailsOf(parsed, clean) };
  if (!isRecord(parsed)) return NONE;
  const inner = isRecord(parsed.error) ? parsed.error : isRecord(parsed.fault) ? parsed.fault : null;
  const response = isRecord(parsed.response) ? parsed.response : null;
  const scope = inner ?? parsed;
  // NestJS and Evolution API list their validation sentences as `message: [...]`
  const sentences = [inner?.message, response?.message, parsed.message].map(sentencesOf).find((list) => list.length > 0) ?? [];
  const sentenceDetails = detailsOf(sentences, clean);
  const messages = [
    inner?.message,
    inner?.error_user_msg,
    inner?.error_user_title,
    inner?.description,
    inner?.detail,
    response?.message,
    sentences.join('; '),
    typeof parsed.error === 'string' ? parsed.error : undefined,
    parsed.message,
    parsed.detail,
    parsed.error_description,
    parsed.errorMessage,
    parsed.error_message,
    parsed.description,
    parsed.reason,
    parsed.msg,
    parsed.title,
    parsed.info,
  ];
  const details = [
    ...detailsOf(scope.details, clean),
    ...detailsOf(parsed.errors, clean),
    ...detailsOf(inner?.errors, clean),
    ...detailsOf(parsed.validation, clean),
    ...(Array.isArray(parsed.detail) ? detailsOf(parsed.detail, clean) : []),
    // sentences only count as details when at least one names its field
    ...(sentenceDetails.some((d) => d.field !== '') ? sentenceDetails : []),
  ].slice(0, MAX_DETAILS);
  const first = messages.find((m): m is string => typeof m === 'string' && m.trim() !== '');
  const deep = isRecord(inner?.error_data) ? inner.error_data.details : undefined;
  let text = first ?? null;
  if (typeof deep === 'string' && deep.trim() !== '' && !text?.includes(deep.trim())) text = text === null ? deep : `${text} (${deep})`;
  const link = docLink(parsed.more_info ?? parsed.moreInfo ?? inner?.more_info ?? parsed.documentation_url, clean);
  let message = text === null ? null : clean(text, MAX_MESSAGE);
  if (text !== null && link !== null) message = clean(`${clean(text, MAX_MESSAGE - link.length - 7)} (see ${link})`, MAX_MESSAGE);
  if (message === null && details.length > 0) message = details[0]!.message;
  const code =
    [scope.code, parsed.code, scope.error_code, parsed.error_code, scope.type, problemType(parsed.type)]
      .map(codeOf)
      .find((c) => c !== null) ?? null;
  return { code, message: message || null, details, hint: knownCodeHint(providerOf(parsed, inner), code) };
}

/** every sentence of a `message` given as a list (of strings, or of lists of strings) */
function sentencesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .flat(2)
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .slice(0, MAX_DETAILS);
}

/** whose codes these are: a bare number means something else at each provider */
function providerOf(body: Json, inner: Json | null): Provider | null {
  if (
    inner !== null &&
    typeof inner.code === 'number' &&
    (inner.fbtrace_id !== undefined || inner.error_subcode !== undefined || isRecord(inner.error_data) || inner.type === 'OAuthException')
  ) {
    return 'meta';
  }
  if (typeof body.code === 'number' && typeof body.more_info === 'string' && /^https:\/\/([\w-]+\.)*twilio\.com\//i.test(body.more_info))
    return 'twilio';
  return null;
}

/** an RFC 9457 problem type URI's last part (`...errors#UNPROCESSABLE_ENTITY` -> that name) */
function problemType(type: unknown): unknown {
  if (typeof type !== 'string' || !/^https?:\/\//i.test(type)) return undefined;
  return /[#/]([^#/?]+)\/?$/.exec(type)?.[1];
}

/** a documentation link as `https://host/path` (no query, fragment or credentials), or null */
function docLink(value: unknown, clean: Clean): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') return null;
  const link = clean(`${url.origin}${url.pathname}`.replace(/\/$/, ''), MAX_LINK + 1);
  return link.length <= MAX_LINK && !link.includes('***') ? link : null;
}

function codeOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,60}$/.test(value)) return value;
  return null;
}

/** Short plain text reads as a reason; an HTML page gives only its title. */
function plainTextReason(text: string, contentType: string | null, clean: Clean): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^<|html/i.test(contentType ?? '') || /^\s*</.test(trimmed)) {
    const title = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(trimmed)?.[1];
    return title === undefined ? null : clean(decodeEntities(title), MAX_MESSAGE);
  }
  if (/^[[{]/.test(trimmed)) return null; // JSON cut short: nothing in it reads as a sentence
  if (trimmed.length > 2000 || /[\u0000-\u0008\u000e-\u001f]/.test(trimmed)) return null; // eslint-disable-line no-control-regex
  return clean(trimmed, MAX_MESSAGE);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '');
}

/** One line, no control characters, at most `max` characters. */
export function line(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return cutChars(flat, max);
}
