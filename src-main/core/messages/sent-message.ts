// A send's 2xx answer, read through the profile's description: the one place the window, the
// CLI and the outbox turn an answer into a SentMessage.
import { readSendAnswer } from '../api/read-send';
import type { ApiResponse } from '../http/sender';
import type { Profile, SentMessage } from '../model';
import type { Operation } from '../operations';
import { operationSpec } from '../request-builder';
import { normalizePhone } from '../phone';

type SendOp = Extract<Operation, { idempotencyKey: string }>;

const MESSAGE_TYPE = { 'messages.text': 'text', 'messages.media': 'media', 'messages.audio': 'audio' } as const;

/** The response is already scrubbed of the key by the sender. */
export function sentMessageOf(op: SendOp, profile: Profile, response: ApiResponse): SentMessage {
  const spec = operationSpec(profile, op.op);
  return readSendAnswer({ json: response.json, unreadable: response.unreadable !== null }, spec.send, { type: MESSAGE_TYPE[op.op], number: normalizePhone(op.input.number) });
}
