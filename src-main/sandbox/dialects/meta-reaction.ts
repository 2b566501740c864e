// Meta's reaction send (POST /{phone-number-id}/messages with `"type":"reaction"`,
// `"reaction":{"message_id","emoji"}`; an empty emoji takes it back): checked and answered with a
// wamid like any send, never stored as a message (it gets no statuses and no reply).
import type { FieldError } from '../errors';
import { checkEmoji, checkMessageId } from '../reaction-check';
import type { Reply } from '../reply';
import { badRequest, field, json } from '../reply';
import type { Body } from '../validate';
import { isValidNumber } from '../validate';
import { checkCloudEnvelope } from './cloud-send';
import { newWamid } from './cloud-routes';
import { isObject } from './translated-send';

export function metaReaction(body: Body): Reply {
  const errors: FieldError[] = [];
  checkCloudEnvelope(body, errors, ' (the sandbox has no groups)');
  const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
  if (!isValidNumber(to)) errors.push(field('to', 'must be a phone number with an optional "+": 8 to 15 digits, country code first'));
  const reaction = body.reaction;
  if (!isObject(reaction)) errors.push(field('reaction', 'is required: an object with "message_id" and "emoji"'));
  else {
    checkMessageId(reaction.message_id, 'reaction.message_id', errors);
    checkEmoji(reaction.emoji, 'reaction.emoji', errors);
  }
  if (errors.length > 0) return badRequest(errors);
  return json(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id: newWamid() }] });
}

/** Meta's `context`: the message a send quotes; absent, nothing is quoted */
export function metaContext(body: Body, errors: FieldError[]): { replyTo?: string } {
  if (body.context === undefined) return {};
  if (!isObject(body.context)) {
    errors.push(field('context', 'must be an object with "message_id"'));
    return {};
  }
  const id = checkMessageId(body.context.message_id, 'context.message_id', errors);
  return id === undefined ? {} : { replyTo: id };
}
