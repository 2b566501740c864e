// A dialect's send route: its body translated into docs/API.md's and checked by docs/API.md's own checks
// (translated-send.ts), the message stored under the dialect's kind of id, and answered in the
// dialect's shape (200 unless the dialect says otherwise).
import type { BodyEncoding } from '../body';
import type { Message } from '../messages';
import { json } from '../reply';
import type { Route } from '../router';
import { sendRoute } from '../route-shapes';
import type { Body } from '../validate';
import type { Translation } from './translated-send';
import { checkTranslation } from './translated-send';

export interface TranslatedSendOptions {
  /** the success status, default 200 */
  status?: number;
  /** the body's encoding, default JSON */
  encoding?: BodyEncoding;
}

export function translatedSendRoute(
  path: string,
  maxBody: number,
  translate: (body: Body) => Translation,
  newId: () => string,
  answer: (message: Message, body: Body, params: Record<string, string>) => unknown,
  options: TranslatedSendOptions = {},
): Route {
  const route = sendRoute(
    path,
    maxBody,
    (body) => checkTranslation(translate(body)),
    (accepted, body, state, params) =>
      json(options.status ?? 200, answer(state.messages.add(accepted.type, accepted.fields, new Date(), newId()), body, params)),
  );
  return options.encoding ? { ...route, encoding: options.encoding } : route;
}
