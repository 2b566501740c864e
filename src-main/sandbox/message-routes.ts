// POST /api/v1/messages/{text,media,audio,template} and GET /api/v1/messages (docs/API.md, Messages;
// the template route is the project's guess, README.md). A template must be one the sandbox has
// approved (templates.ts): an unknown one is a 404, another number of parameters a 400.
import type { Checked, MessageType } from './message-validation';
import { LIMITS, checkAudio, checkMedia, checkTemplate, checkText } from './message-validation';
import { parsePaging } from './paging';
import { MiB } from './payload';
import { badRequest, fail, field, json } from './reply';
import { listingRoute, sendRoute } from './route-shapes';
import type { Route } from './router';
import { templateRefusal } from './templates';
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
  template: MiB,
} as const;

function messageRoute(type: MessageType, check: (body: Body) => Checked): Route {
  return sendRoute(`/api/v1/messages/${type}`, MESSAGE_BODY_LIMITS[type], check, ({ fields }, _body, state) =>
    json(201, state.messages.add(type, fields)),
  );
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

const templateRoute: Route = sendRoute(
  '/api/v1/messages/template',
  MESSAGE_BODY_LIMITS.template,
  checkTemplate,
  ({ fields }, _body, state) => {
    const { name, language, params } = fields.template as { name: string; language: string; params: string[] };
    const refusal = templateRefusal(name, language, params.length);
    if (refusal?.kind === 'unknown') return fail(404, 'not_found', refusal.message);
    if (refusal?.kind === 'params') return badRequest([field('template.params', refusal.message)]);
    return json(201, state.messages.add('template', fields));
  },
);

export const sendRoutes: Route[] = [
  messageRoute('text', checkText),
  messageRoute('media', checkMedia),
  messageRoute('audio', checkAudio),
  templateRoute,
];

export const messageRoutes: Route[] = [...sendRoutes, listMessagesRoute];
