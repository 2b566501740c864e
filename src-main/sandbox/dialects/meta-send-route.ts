// POST /v23.0/{phone-number-id}/messages: the body translated (meta-send.ts) and checked by
// docs/API.md's checks (400, code 100), then what Meta decides after the body is valid: a media id
// this phone number never uploaded (131053), a recipient without WhatsApp (131026), and a
// free-form message outside the 24-hour customer-service window (131047; a template may always
// go), and a template the business never had approved (132001) or sent with another number of
// body parameters (132000; templates.ts). Sandbox rules, documented in README.md: numbers ending in 26 have no WhatsApp, numbers
// ending in 47 last wrote more than 24 hours ago. Then 200 with the wamid it is stored under.
import type { Message } from '../messages';
import { MESSAGE_BODY_LIMITS } from '../message-routes';
import type { Reply } from '../reply';
import { badRequest, json } from '../reply';
import type { Route } from '../router';
import type { SandboxState } from '../state';
import type { Body } from '../validate';
import { newWamid } from './cloud-routes';
import { mediaError, outsideWindow, templateError, undeliverable, unknownObject } from './meta-errors';
import { fitsKind } from './meta-media-types';
import { META_VERSION, PHONE_NUMBER_ID } from './meta-phone';
import type { MediaRef } from './meta-send';
import { translateMetaSend } from './meta-send';
import { uploadsOf } from './meta-uploads';
import { checkTranslation } from './translated-send';
import { metaReaction } from './meta-reaction';
import { metaRead } from './meta-read';

export const NO_WHATSAPP_SUFFIX = '26';
export const OUTSIDE_WINDOW_SUFFIX = '47';

function mediaProblem({ kind, id, upload }: MediaRef): string | null {
  if (upload === undefined) {
    return `media id ${id} was not uploaded for phone number ${PHONE_NUMBER_ID}, or is older than the sandbox's last 1,000 uploads`;
  }
  if (!fitsKind(upload.mimetype, kind)) return `media id ${id} is a ${upload.mimetype} file, which a ${kind} message cannot carry`;
  return null;
}

function send(phoneNumberId: string, body: Body, state: SandboxState): Reply {
  if (phoneNumberId !== PHONE_NUMBER_ID) return unknownObject('post', phoneNumberId);
  if (body.type === 'reaction') return metaReaction(body);
  // a read receipt has no type: its status says what it is
  if (body.status === 'read') return metaRead(body);
  const uploads = uploadsOf(state);
  const translated = translateMetaSend(body, (id) => {
    const found = uploads.get(id);
    return found?.phoneNumberId === phoneNumberId ? found : undefined;
  });
  const checked = checkTranslation(translated.translation);
  if (!checked.ok) return badRequest(checked.details);
  const { media, template } = translated;
  const problem = media ? mediaProblem(media) : null;
  if (problem !== null) return mediaError(problem);
  const refusal = template ? state.templates.refusal(template.name, template.language, template.params.length) : null;
  if (refusal !== null) return templateError(refusal);
  const number = String(checked.fields.number);
  if (number.endsWith(NO_WHATSAPP_SUFFIX)) return undeliverable(number);
  if (number.endsWith(OUTSIDE_WINDOW_SUFFIX) && template === undefined) return outsideWindow(number);
  const upload = media?.upload;
  const fields = {
    ...checked.fields,
    // the stand-in's size replaced by the upload's; the id kept to show where the file came from
    ...(upload ? { bytes: upload.bytes, media_id: upload.id } : {}),
  };
  const message: Message = state.messages.add(checked.type, fields, new Date(), newWamid());
  return json(200, {
    messaging_product: 'whatsapp',
    contacts: [{ input: body.to, wa_id: message.number }],
    // Meta marks a template's message as accepted for delivery
    messages: [template ? { id: message.id, message_status: 'accepted' } : { id: message.id }],
  });
}

export const sendRoute: Route = {
  method: 'POST',
  path: `/${META_VERSION}/:phoneNumberId/messages`,
  permission: 'messages:send',
  // links and ids only, never a file in the body: text's limit is plenty
  maxBody: MESSAGE_BODY_LIMITS.text,
  json: true,
  idempotent: true,
  handle: ({ params, body }, state) => send(params.phoneNumberId!, body, state),
};
