// POST /api/v1/messages/{text,media,audio} and GET /api/v1/messages (API.md, Messages).
import type { FieldError } from './errors';
import type { Checked, MessageType } from './message-validation';
import { LIMITS, checkAudio, checkMedia, checkText } from './message-validation';
import { parsePaging } from './paging';
import { MiB } from './payload';
import { badRequest, field, json } from './reply';
import type { Route } from './router';
import { SMALL_BODY_LIMIT } from './router';
import type { Body } from './validate';
import { isValidNumber } from './validate';

/** base64 grows 3 bytes to 4 characters; 1 MiB more leaves room for the other fields. */
function bodyLimitFor(decodedLimit: number): number {
  return Math.ceil(decodedLimit / 3) * 4 + MiB;
}

export const MESSAGE_BODY_LIMITS = {
  text: MiB,
  media: bodyLimitFor(LIMITS.document),
  audio: bodyLimitFor(LIMITS.audio),
} as const;

function sendRoute(type: MessageType, check: (body: Body) => Checked): Route {
  return {
    method: 'POST',
    path: `/api/v1/messages/${type}`,
    permission: 'messages:send',
    maxBody: MESSAGE_BODY_LIMITS[type],
    json: true,
    idempotent: true,
    handle({ body }, state) {
      const checked = check(body);
      if (!checked.ok) return badRequest(checked.details);
      return json(201, state.messages.add(type, checked.fields));
    },
  };
}

/** GET /api/v1/messages: the same in every dialect (the console's history view and the tests read it). */
export const listMessagesRoute: Route = {
  method: 'GET',
  path: '/api/v1/messages',
  permission: 'messages:send',
  maxBody: SMALL_BODY_LIMIT,
  json: false,
  idempotent: false,
  handle({ query }, state) {
    const errors: FieldError[] = [];
    const paging = parsePaging(query, errors);
    const number = query.get('number') ?? '';
    if (number !== '' && !isValidNumber(number)) errors.push(field('number', 'must be 8 to 15 digits'));
    if (errors.length > 0) return badRequest(errors);
    return json(200, state.messages.page(paging, number === '' ? undefined : number));
  },
};

export const sendRoutes: Route[] = [sendRoute('text', checkText), sendRoute('media', checkMedia), sendRoute('audio', checkAudio)];

export const messageRoutes: Route[] = [...sendRoutes, listMessagesRoute];
