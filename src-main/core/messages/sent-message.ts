// A send's 2xx answer, read through the profile's description: the one place the window, the
// CLI and the outbox turn an answer into a SentMessage, or into the failure its body states.
import { failureInSuccess } from '../api/errors/failure-in-success';
import type { ErrorReason } from '../api/errors/error-reason';
import { readSendAnswer } from '../api/answers/read-send';
import { CrmError } from '../errors';
import { reasonText, withHint } from '../http/status-error';
import type { ApiResponse } from '../http/sender';
import type { Profile, SentMessage } from '../model';
import type { Operation } from '../operations';
import { operationSpec } from '../request/operation-spec';
import { normalizePhone } from '../phone';

type SendOp = Extract<Operation, { idempotencyKey: string }>;

const MESSAGE_TYPE = {
  'messages.text': 'text',
  'messages.media': 'media',
  'messages.audio': 'audio',
  'messages.template': 'template',
} as const;

/**
 * The response is already scrubbed of the key by the sender. Throws a 'refused_by_service'
 * CrmError when the body says the message was not sent (failure-in-success.ts): a definite
 * answer, so the caller neither reports it as sent nor sends it again as if nothing came back.
 */
export function sentMessageOf(op: SendOp, profile: Profile, response: ApiResponse): SentMessage {
  const failure = failureInSuccess(response.json);
  if (failure !== null) throw refusal(response.status, failure);
  const spec = operationSpec(profile, op.op);
  return readSendAnswer({ json: response.json, unreadable: response.unreadable !== null }, spec.send, {
    type: MESSAGE_TYPE[op.op],
    number: normalizePhone(op.input.number),
  });
}

/**
 * What a send says when the service took the message (a 2xx) but its answer could not be read
 * (not JSON, too large, nested too deep): still sent, and never sent again. Null when it was read.
 */
export function unreadableNote(response: ApiResponse): string | null {
  if (response.unreadable === null) return null;
  return `The service took the message; its answer could not be read: ${response.unreadable.message}.`;
}

function refusal(status: number, reason: ErrorReason): CrmError {
  const { details } = reason;
  const said = reasonText(reason);
  const named = details
    .filter((d) => d.field !== '')
    .map((d) => `${d.field}: ${d.message}`)
    .join('; ');
  // field details often only repeat the message: each thing is said once
  const parts = [said, named].filter((part): part is string => part !== null && part !== '' && (part === said || !said?.includes(part)));
  const message =
    parts.length === 0
      ? `The service answered HTTP ${status} but says the message was not sent (it gave no reason)`
      : `The service did not send the message: ${parts.join(': ')}`;
  return new CrmError('refused_by_service', withHint(message, reason.hint), details.length > 0 ? { status, details } : { status });
}
