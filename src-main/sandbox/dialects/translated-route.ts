// A dialect's send route: its body translated into API.md's and checked by API.md's own checks
// (translated-send.ts), the message stored under the dialect's kind of id, and answered 200 in
// the dialect's shape.
import type { Message } from '../messages';
import { json } from '../reply';
import type { Route } from '../router';
import { sendRoute } from '../route-shapes';
import type { Body } from '../validate';
import type { Translation } from './translated-send';
import { checkTranslation } from './translated-send';

export function translatedSendRoute(
  path: string,
  maxBody: number,
  translate: (body: Body) => Translation,
  newId: () => string,
  answer: (message: Message, body: Body) => unknown,
): Route {
  return sendRoute(
    path,
    maxBody,
    (body) => checkTranslation(translate(body)),
    (accepted, body, state) => json(200, answer(state.messages.add(accepted.type, accepted.fields, new Date(), newId()), body)),
  );
}
