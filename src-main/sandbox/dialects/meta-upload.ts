// POST /v23.0/{phone-number-id}/media: multipart/form-data with `messaging_product=whatsapp`,
// `type=<mimetype>` and a `file` part, answered 200 {"id":"<media id>"}. The body was read
// within the route's limit (the largest kind plus room for the form), the file is checked
// against its kind's own limit, and only its type, size, name and SHA-256 are kept.
import { createHash } from 'node:crypto';
import { baseMimetype } from '../base-mimetype';
import type { FieldError } from '../errors';
import type { MultipartPart } from '../multipart';
import { boundaryOf, parseMultipart } from '../multipart';
import type { Reply } from '../reply';
import { badRequest, field, json } from '../reply';
import type { Route } from '../router';
import { KIND_LIMITS, UPLOAD_TYPES, formatSize } from './meta-media-types';
import { unknownObject } from './meta-errors';
import { META_VERSION, PHONE_NUMBER_ID } from './meta-phone';
import { uploadsOf } from './meta-uploads';

/** Room for the form's other parts and headers beside the largest file. */
const FORM_OVERHEAD = 1024 * 1024;

export const UPLOAD_BODY_LIMIT = KIND_LIMITS.document + FORM_OVERHEAD;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A plain (non-file) form field as text, with its problem recorded when it is missing or not text. */
function textField(parts: Map<string, MultipartPart>, name: string, errors: FieldError[], missing: string): string | undefined {
  const part = parts.get(name);
  if (part === undefined) {
    errors.push(field(name, missing));
    return undefined;
  }
  try {
    return utf8.decode(part.data).trim();
  } catch {
    errors.push(field(name, 'is not valid UTF-8 text'));
    return undefined;
  }
}

function upload(
  phoneNumberId: string,
  raw: { bytes: Buffer; contentType: string | undefined } | undefined,
  uploads: ReturnType<typeof uploadsOf>,
): Reply {
  const boundary = boundaryOf(raw?.contentType);
  if (!boundary.ok) return badRequest([field('Content-Type', boundary.problem)]);
  const parsed = parseMultipart(raw!.bytes, boundary.boundary);
  if (!parsed.ok) return badRequest([field('body', parsed.problem)]);
  const parts = new Map<string, MultipartPart>();
  const errors: FieldError[] = [];
  for (const part of parsed.parts) {
    if (parts.has(part.name)) errors.push(field(part.name, 'is sent more than once'));
    else parts.set(part.name, part);
  }
  const product = textField(parts, 'messaging_product', errors, 'is required and must be "whatsapp"');
  if (product !== undefined && product !== 'whatsapp') errors.push(field('messaging_product', 'must be "whatsapp"'));
  const rawType = textField(parts, 'type', errors, "is required: the file's media type, such as image/png");
  const mimetype = rawType === undefined ? undefined : baseMimetype(rawType);
  const kind = mimetype === undefined ? undefined : UPLOAD_TYPES[mimetype];
  if (mimetype !== undefined && kind === undefined) {
    errors.push(field('type', `must be one of ${Object.keys(UPLOAD_TYPES).join(', ')}; got "${rawType}"`));
  }
  const file = parts.get('file');
  if (file === undefined) errors.push(field('file', "is required: a file part (curl -F 'file=@/path/to/file;type=...')"));
  else if (file.data.length === 0) errors.push(field('file', 'is empty'));
  else if (kind !== undefined && file.data.length > KIND_LIMITS[kind]) {
    errors.push(field('file', `is ${file.data.length} bytes; ${mimetype} may be at most ${formatSize(KIND_LIMITS[kind])}`));
  }
  if (errors.length > 0 || file === undefined || mimetype === undefined) return badRequest(errors);
  const media = uploads.add({
    phoneNumberId,
    mimetype,
    bytes: file.data.length,
    sha256: createHash('sha256').update(file.data).digest('hex'),
    fileName: file.fileName,
  });
  return json(200, { id: media.id });
}

export const uploadRoute: Route = {
  method: 'POST',
  path: `/${META_VERSION}/:phoneNumberId/media`,
  permission: 'messages:send',
  maxBody: UPLOAD_BODY_LIMIT,
  json: false,
  idempotent: false,
  handle({ params, raw }, state) {
    const id = params.phoneNumberId!;
    if (id !== PHONE_NUMBER_ID) return unknownObject('post', id);
    return upload(id, raw, uploadsOf(state));
  },
};
