// Wati's two session sends over HTTP: the number from the path, the words from the query, the
// file from a multipart body; docs/API.md's checks (400), then Wati's 200-with-result-false refusals
// (wati-errors.ts), then the message is stored under a Wati message id and answered in Wati's
// shape. Both routes are idempotent, and since their URL carries the message, a replayed key is
// compared on path and query as well as body (`payloadInUrl`).
import { createHash, randomBytes } from 'node:crypto';
import type { FieldError } from '../errors';
import { LIMITS } from '../message-validation';
import type { Message } from '../messages';
import type { MultipartPart } from '../multipart';
import { boundaryOf, parseMultipart } from '../multipart';
import type { Reply } from '../reply';
import { badRequest, field, json } from '../reply';
import type { Route, RouteInput } from '../router';
import { SMALL_BODY_LIMIT } from '../router';
import type { SandboxState } from '../state';
import { newWamid } from './cloud-routes';
import type { Translation } from './translated-send';
import { checkTranslation } from './translated-send';
import { sessionRefusal } from './wati-errors';
import type { WatiFile } from './wati-send';
import { translateWatiFile, translateWatiText } from './wati-send';

/** Room for the form's boundary lines and part headers beside the largest file. */
const FORM_OVERHEAD = 1024 * 1024;
export const SESSION_FILE_BODY_LIMIT = LIMITS.document + FORM_OVERHEAD;

/** Wati's ids are 24 hex digits (MongoDB ObjectIds). */
export function newWatiId(): string {
  return randomBytes(12).toString('hex');
}

/** One conversation per number, with a stable id, as Wati keeps one per contact. */
function conversationId(number: string): string {
  return createHash('sha256').update(`wati-conversation:${number}`).digest('hex').slice(0, 24);
}

/** Wati's message record, with the fields the sandbox knows. */
function messageRecord(message: Message, type: string, text: unknown): Record<string, unknown> {
  return {
    id: message.id,
    whatsappMessageId: message.whatsapp_message_id,
    conversationId: conversationId(message.number),
    text: typeof text === 'string' ? text : null,
    type,
    data: null,
    created: message.created_at,
    owner: true,
    statusString: 'SENT',
    waId: message.number,
  };
}

function send(translation: Translation, state: SandboxState, extra: Record<string, unknown>, answer: (message: Message) => unknown): Reply {
  const checked = checkTranslation(translation);
  if (!checked.ok) return badRequest(checked.details);
  const refused = sessionRefusal(String(checked.fields.number));
  if (refused !== null) return refused;
  const message = state.messages.add(
    checked.type,
    { ...checked.fields, ...extra, whatsapp_message_id: newWamid() },
    new Date(),
    newWatiId(),
  );
  return json(200, answer(message));
}

export const sessionMessageRoute: Route = {
  method: 'POST',
  path: '/api/v1/sendSessionMessage/:whatsappNumber',
  permission: 'messages:send',
  maxBody: SMALL_BODY_LIMIT,
  json: false,
  idempotent: true,
  payloadInUrl: true,
  handle({ params, query, raw }, state) {
    if (raw !== undefined && raw.bytes.length > 0) {
      return badRequest([field('body', 'must be empty: the text goes in the query string, ?messageText=<text>')]);
    }
    return send(translateWatiText(params.whatsappNumber!, query), state, {}, (message) => ({
      ok: true,
      result: 'success',
      message: messageRecord(message, 'text', message.text),
    }));
  },
};

/** The one `file` part, or the 400 for a body that is not that form. */
function filePart(raw: RouteInput['raw']): { file: WatiFile | undefined } | { reply: Reply } {
  const boundary = boundaryOf(raw?.contentType);
  if (!boundary.ok) return { reply: badRequest([field('Content-Type', boundary.problem)]) };
  // no body at all: the file is what is missing
  if (raw!.bytes.length === 0) return { file: undefined };
  const parsed = parseMultipart(raw!.bytes, boundary.boundary);
  if (!parsed.ok) return { reply: badRequest([field('body', parsed.problem)]) };
  const files: MultipartPart[] = [];
  const errors: FieldError[] = [];
  for (const part of parsed.parts) {
    if (part.name === 'file') files.push(part);
    // Wati reads the caption from the query only: one in the form would be lost without a word
    else if (part.name === 'caption') errors.push(field('caption', 'goes in the query string (?caption=...), not in the form'));
    else errors.push(field(part.name, 'is not a field of this form: send one part named "file"'));
  }
  if (files.length > 1) errors.push(field('file', 'is sent more than once: one file per message'));
  if (errors.length > 0) return { reply: badRequest(errors) };
  const [part] = files;
  return { file: part && { data: part.data, fileName: part.fileName, contentType: part.contentType } };
}

export const sessionFileRoute: Route = {
  method: 'POST',
  path: '/api/v1/sendSessionFile/:whatsappNumber',
  permission: 'messages:send',
  maxBody: SESSION_FILE_BODY_LIMIT,
  json: false,
  idempotent: true,
  payloadInUrl: true,
  handle({ params, query, raw }, state) {
    const found = filePart(raw);
    if ('reply' in found) return found.reply;
    const { translation, kind } = translateWatiFile(params.whatsappNumber!, query, found.file);
    // the stand-in's size replaced by the file's own
    const extra = found.file ? { bytes: found.file.data.length } : {};
    return send(translation, state, extra, (message) => ({
      result: true,
      data: messageRecord(message, kind ?? 'document', message.caption),
    }));
  },
};
