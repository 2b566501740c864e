// A 2xx answer whose body says the operation failed. Many WhatsApp gateways answer HTTP 200 and
// put the outcome in the body: {"result":false,"info":"Invalid WhatsApp number"},
// {"success":false,...}, {"ok":false,"error":"..."}, {"status":"error",...}, {"sent":false},
// {"error":{...}}. Such an answer is a definite failure with the service's reason, never "sent"
// (docs/API.md, Meeting the real service). Conservative on purpose: only a body that plainly says so
// counts; {"status":"queued"}, {"result":true} or a body without these markers is a success, so a
// message the service took is never reported (and resent) as failed. Pure.
import { isRecord } from '../../parse/shape';
import type { Json } from '../../parse/shape';
import { reasonOfJson } from './error-reason';
import type { ErrorReason } from './error-reason';

/** flags whose false means "not done" */
const OUTCOME_FLAGS = ['result', 'success', 'ok', 'sent', 'status'] as const;
/** `status` texts that mean the operation failed (not a delivery state such as "queued") */
const FAILED_STATUS = new Set(['error', 'failed', 'failure', 'fail']);
/** `error` texts that mean there is none */
const NO_ERROR = new Set(['', 'none', 'null', 'false', '0', 'ok', 'success']);

/**
 * The service's reason when a 2xx body (parsed, already scrubbed of the key) says the operation
 * failed; null when it does not.
 */
export function failureInSuccess(json: unknown): ErrorReason | null {
  if (!isRecord(json) || !saysFailed(json)) return null;
  return reasonOfJson(json);
}

function saysFailed(body: Json): boolean {
  if (OUTCOME_FLAGS.some((flag) => isFalse(body[flag]))) return true;
  if (typeof body.status === 'string' && FAILED_STATUS.has(body.status.trim().toLowerCase())) return true;
  return isError(body.error);
}

function isFalse(value: unknown): boolean {
  return value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false');
}

/** `error: true`, a non-empty error text, or an error object with a reason or a non-zero code */
function isError(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'string') return !NO_ERROR.has(value.trim().toLowerCase());
  if (!isRecord(value)) return false;
  const { code } = value;
  if (code === 0 || code === '0') return false;
  const says = [value.message, value.description, value.detail, value.title].some((m) => typeof m === 'string' && m.trim() !== '');
  return says || (code !== undefined && code !== null && code !== '');
}
