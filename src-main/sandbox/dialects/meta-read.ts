// Meta's read receipt (POST /{phone-number-id}/messages with `"status":"read"` and the contact's
// `message_id`; the earlier messages are read with it): checked and answered `{"success":true}`
// as Meta answers it. Nothing is stored: the journal shows what was marked read, and the
// sandbox does not keep the contact's messages to look the id up.
import type { FieldError } from '../errors';
import { checkMessageId } from '../reaction-check';
import type { Reply } from '../reply';
import { badRequest, json } from '../reply';
import type { Body } from '../validate';
import { checkCloudEnvelope } from './cloud-send';

export function metaRead(body: Body): Reply {
  const errors: FieldError[] = [];
  checkCloudEnvelope(body, errors, ' (the sandbox has no groups)');
  checkMessageId(body.message_id, 'message_id', errors);
  if (errors.length > 0) return badRequest(errors);
  return json(200, { success: true });
}
