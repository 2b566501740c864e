// What the webhook inspector keeps of a delivery's headers and body: never a secret. Signature
// headers are derived from the profile's secret (given enough of them, and the bodies, a secret
// is not recovered, but a signature still replays its body anywhere), and credentials may ride
// in a header or in the body (a token, an apikey field of an Evolution event). Each such value is
// replaced by a mark saying what was there; the profile's own secret and key values are blanked
// wherever else they appear. Bodies longer than the cap are cut. Pure.
import type { IncomingHttpHeaders } from 'node:http';

/** a body kept at most this many bytes (as UTF-8); a longer one is cut and cannot be replayed */
export const KEPT_BODY_BYTES = 256 * 1024;

export const SCRUBBED = '[scrubbed]';
/** what Copy as cURL and the inspector show in place of a signature header */
export const SIGNATURE_PLACEHOLDER = '[signature: derived from the webhook secret]';

const SIGNATURE_HEADER = /^(x-hub-signature(-256)?|x-crm-signature-256|x-signature-256|x-webhook-signature|x-twilio-signature)$/;
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|apikey|api-key|x-auth-token|x-access-token)$/;
/** body fields (JSON keys, form fields) that hold a credential, whatever their nesting */
const CREDENTIAL_FIELD = /^(api_?key|apikey|token|access_?token|auth_?token|secret|client_?secret|password|instance_?token|x-api-key)$/i;

export function isSignatureHeader(name: string): boolean {
  return SIGNATURE_HEADER.test(name.toLowerCase());
}

/** header name (lower case) -> value, signature and credential values replaced */
export function scrubHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const lower = name.toLowerCase();
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    kept[lower] = isSignatureHeader(lower) ? SIGNATURE_PLACEHOLDER : CREDENTIAL_HEADER.test(lower) ? SCRUBBED : value;
  }
  return kept;
}

const isCredential = (key: string, inner: unknown): boolean => CREDENTIAL_FIELD.test(key) && inner !== null && typeof inner !== 'object';

function scrubValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isCredential(key, inner) ? SCRUBBED : scrubValue(inner)]));
  return value;
}

/** whether scrubValue would change anything: most bodies hold no credential, and are then kept without a copy made */
function holdsCredential(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsCredential);
  if (value === null || typeof value !== 'object') return false;
  // the own keys scrubValue reads (Object.entries), walked without an array of pairs made for each object
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    if (isCredential(key, inner) ? inner !== SCRUBBED : holdsCredential(inner)) return true;
  }
  return false;
}

/**
 * credential fields of a JSON or form body replaced; null when none was there (or it parses as
 * neither). `parsedJson`: the JSON body as the listener parsed it already (undefined: parsed here)
 */
function scrubFields(text: string, form: boolean, parsedJson: unknown): string | null {
  if (form) {
    const params = new URLSearchParams(text);
    const names = [...params.keys()].filter((name) => CREDENTIAL_FIELD.test(name));
    for (const name of names) params.set(name, SCRUBBED);
    return names.length === 0 ? null : params.toString();
  }
  try {
    const parsed = parsedJson === undefined ? (JSON.parse(text) as unknown) : parsedJson;
    return holdsCredential(parsed) ? JSON.stringify(scrubValue(parsed)) : null;
  } catch {
    return null;
  }
}

function blank(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(SCRUBBED);
  return out;
}

export interface ScrubbedBody {
  text: string;
  bytes: number;
  cut: boolean;
}

/**
 * the body as kept: credential fields and every known secret replaced, then cut to the cap.
 * A body whose fields needed no change keeps its exact bytes, so a replay parses what came.
 * `parsedJson`: a JSON body as the listener parsed it (JSON.parse of the same text), so it is
 * not parsed a second time; undefined for a form, or where nothing parsed it.
 */
export function scrubBody(body: Buffer, contentType: string | undefined, secrets: readonly string[], parsedJson?: unknown): ScrubbedBody {
  const raw = body.toString('utf8');
  const form = /application\/x-www-form-urlencoded/i.test(contentType ?? '');
  // re-serialised only when a field was replaced: otherwise the bytes stay as they came
  const scrubbed = blank(scrubFields(raw, form, form ? undefined : parsedJson) ?? raw, secrets);
  if (Buffer.byteLength(scrubbed, 'utf8') <= KEPT_BODY_BYTES) return { text: scrubbed, bytes: body.length, cut: false };
  return { text: Buffer.from(scrubbed, 'utf8').subarray(0, KEPT_BODY_BYTES).toString('utf8'), bytes: body.length, cut: true };
}
