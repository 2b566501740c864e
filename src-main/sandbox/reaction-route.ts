// POST /api/v1/messages/reaction (docs/API.md, Quoted replies and reactions): {number, messageId,
// emoji}; an empty emoji takes the reaction back. Answers 201 with the reaction; it is not a
// message of the store (no statuses, no reply from the contact).
import { randomBytes } from 'node:crypto';
import type { FieldError } from './errors';
import { MESSAGE_BODY_LIMITS } from './message-routes';
import { checkEmoji, checkMessageId } from './reaction-check';
import { json } from './reply';
import { sendRoute } from './route-shapes';
import type { Route } from './router';
import type { Body } from './validate';
import { numberField } from './validate';

function checkReaction(body: Body): { ok: true; fields: Record<string, unknown> } | { ok: false; details: FieldError[] } {
  const errors: FieldError[] = [];
  const number = numberField(body, errors);
  const messageId = checkMessageId(body.messageId, 'messageId', errors);
  const emoji = checkEmoji(body.emoji, 'emoji', errors);
  return errors.length > 0 ? { ok: false, details: errors } : { ok: true, fields: { number, messageId, emoji } };
}

export const reactionRoute: Route = sendRoute('/api/v1/messages/reaction', MESSAGE_BODY_LIMITS.text, checkReaction, ({ fields }) =>
  json(201, {
    id: `r_${randomBytes(10).toString('hex')}`,
    type: 'reaction',
    ...fields,
    status: 'queued',
    created_at: new Date().toISOString(),
  }),
);
