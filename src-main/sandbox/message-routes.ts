// POST /api/v1/messages/{text,media,audio} and GET /api/v1/messages (API.md, Messages).
import type { Checked, MessageType } from './message-validation';
import { LIMITS, checkAudio, checkMedia, checkText } from './message-validation';
import { parsePaging } from './paging';
import { MiB } from './payload';
import { field, json } from './reply';
import { listingRoute, sendRoute } from './route-shapes';
import type { Route } from './router';
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

function messageRoute(type: MessageType, check: (body: Body) => Checked): Route {
  return sendRoute(`/api/v1/messages/${type}`, MESSAGE_BODY_LIMITS[type], check, ({ fields }, _body, state) => json(201, state.messages.add(type, fields)));
}

/** GET /api/v1/messages: the same in every dialect (the console's history view and the tests read it). */
export const listMessagesRoute: Route = listingRoute(
  '/api/v1/messages',
  'messages:send',
  (query, errors) => {
    const paging = parsePaging(query, errors);
    const number = query.get('number') ?? '';
    if (number !== '' && !isValidNumber(number)) errors.push(field('number', 'must be 8 to 15 digits'));
    return { paging, number };
  },
  ({ paging, number }, state) => json(200, state.messages.page(paging, number === '' ? undefined : number)),
);

export const sendRoutes: Route[] = [messageRoute('text', checkText), messageRoute('media', checkMedia), messageRoute('audio', checkAudio)];

export const messageRoutes: Route[] = [...sendRoutes, listMessagesRoute];
