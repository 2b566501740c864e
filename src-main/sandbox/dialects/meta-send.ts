// The meta dialect's send body (Meta's WhatsApp Cloud API, POST /{phone-number-id}/messages),
// translated into docs/API.md's so docs/API.md's own checks apply:
//   {"messaging_product":"whatsapp","recipient_type":"individual","to":"<digits>","type":T, T:{...}}
// T is text ({body, preview_url?}), image / video / document / audio / sticker ({link} or {id},
// caption for image, video and document, filename for document, voice for audio) or template
// ({name, language:{code}, components?}, the body component's text parameters in order). docs/API.md
// has no video or sticker: a video is stored as a document, a sticker as an image/webp image; a
// template becomes the template route's body (its text parameters as a list). A link is an
// http(s) URL (Meta fetches it; the sandbox cannot, so its type comes from its extension or the
// kind's usual one); an id names an upload, whose type, size and name the message takes.
// Pure: the route (meta-send-route.ts) looks the upload up and stores the message.
import type { FieldError } from '../errors';
import { AUDIO_MIMETYPES } from '../message-validation';
import { field } from '../reply';
import type { Body } from '../validate';
import { detectMimetype, extensionFor, fileNameFromUrl } from './media-type';
import type { MetaMediaKind } from './meta-media-types';
import { fitsKind } from './meta-media-types';
import type { UploadedMedia } from './meta-uploads';
import { checkCloudEnvelope, translateText } from './cloud-send';
import type { Translation } from './translated-send';
import { decoratedNumber, isObject } from './translated-send';
import { metaContext } from './meta-reaction';

export const META_TYPES = ['text', 'image', 'video', 'document', 'audio', 'sticker', 'template'] as const;

/**
 * Stands in for an uploaded file in docs/API.md's body (valid base64 of 3 bytes), so docs/API.md's check
 * passes the file field; the route then stores the upload's real size.
 */
const UPLOADED = 'AAAA';

/** The type a link is stored with when its extension says nothing (or names another kind). */
const USUAL_TYPE: Readonly<Record<MetaMediaKind, string>> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/mpeg',
  document: 'application/octet-stream',
  sticker: 'image/webp',
};

/** A media id in the body, and the upload it names (undefined: none for this phone number). */
export interface MediaRef {
  kind: MetaMediaKind;
  id: string;
  upload: UploadedMedia | undefined;
}

export interface MetaSend {
  translation: Translation;
  media?: MediaRef;
  template?: { name: string; language: string; params: string[] };
}

type Part = Pick<Translation, 'body' | 'names' | 'reported' | 'fileField'> & { media?: MediaRef; template?: MetaSend['template'] };

function undecorate(to: string): { digits: string } {
  return { digits: to.startsWith('+') ? to.slice(1) : to };
}

function linkFits(mimetype: string, kind: MetaMediaKind): boolean {
  if (kind === 'document') return true;
  if (kind === 'audio') return AUDIO_MIMETYPES.includes(mimetype);
  if (kind === 'sticker') return mimetype === 'image/webp';
  return mimetype.startsWith(`${kind}/`);
}

/** docs/API.md's audio types have no audio/opus: it is Opus in Ogg. */
function storableType(mimetype: string): string {
  return mimetype === 'audio/opus' ? 'audio/ogg; codecs=opus' : mimetype;
}

function plainName(name: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  return typeof name === 'string' && name.length >= 1 && name.length <= 255 && !/[\u0000-\u001f\u007f/\\]/.test(name) ? name : null;
}

const NAME = /^[a-z0-9_]{1,512}$/;
const LANGUAGE = /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/;

/** The body component's parameters as texts (a header's or a button's are not the body's). */
function bodyParams(components: unknown, errors: FieldError[]): string[] {
  if (components === undefined) return [];
  if (!Array.isArray(components)) {
    errors.push(field('template.components', 'must be an array'));
    return [];
  }
  const params: string[] = [];
  components.forEach((component: unknown, c) => {
    if (!isObject(component) || typeof component.type !== 'string') {
      errors.push(field(`template.components[${c}]`, 'must be an object with a "type" (header, body or button)'));
      return;
    }
    if (component.type.toLowerCase() !== 'body' || component.parameters === undefined) return;
    if (!Array.isArray(component.parameters)) {
      errors.push(field(`template.components[${c}].parameters`, 'must be an array'));
      return;
    }
    component.parameters.forEach((param: unknown, p) => {
      if (isObject(param) && param.type === 'text' && typeof param.text === 'string') params.push(param.text);
      else
        errors.push(
          field(`template.components[${c}].parameters[${p}]`, 'must be {"type":"text","text":"..."} (the sandbox takes text parameters)'),
        );
    });
  });
  return params;
}

function translateTemplate(template: unknown, errors: FieldError[]): Part {
  if (!isObject(template)) {
    errors.push(field('template', 'is required: an object with "name" and "language": {"code"}'));
    return { body: {}, names: {}, reported: ['template'] };
  }
  const { name, language, components } = template;
  const code = isObject(language) ? language.code : undefined;
  if (typeof name !== 'string' || !NAME.test(name))
    errors.push(field('template.name', 'must be a template name: 1 to 512 lower-case letters, digits and underscores'));
  if (typeof code !== 'string' || !LANGUAGE.test(code))
    errors.push(field('template.language.code', 'is required: a language code such as en_US'));
  const params = bodyParams(components, errors);
  if (typeof name !== 'string' || typeof code !== 'string') return { body: {}, names: {}, reported: ['template'] };
  return {
    body: { template: { name, language: code, params } },
    names: { 'template.name': 'template.name', 'template.language': 'template.language.code', 'template.params': 'template.components' },
    reported: ['template', 'template.name', 'template.language'],
    template: { name, language: code, params },
  };
}

interface Source {
  link?: string;
  ref?: MediaRef;
  /** docs/API.md's file field, or undefined when the source itself is wrong (already reported) */
  file?: string;
}

function readSource(
  kind: MetaMediaKind,
  media: Record<string, unknown>,
  errors: FieldError[],
  lookup: (id: string) => UploadedMedia | undefined,
): Source {
  const hasLink = media.link !== undefined && media.link !== null;
  const hasId = media.id !== undefined && media.id !== null;
  if (hasLink === hasId) {
    errors.push(
      field(
        kind,
        hasLink ? 'must have "link" or "id", not both' : 'needs "link" (an http(s) URL) or "id" (what the media upload answered)',
      ),
    );
    return {};
  }
  if (hasId) {
    if (typeof media.id !== 'string' || !/^[0-9]{1,32}$/.test(media.id)) {
      errors.push(field(`${kind}.id`, 'must be a media id: the digits, as a string, that POST /{phone-number-id}/media answered'));
      return {};
    }
    return { ref: { kind, id: media.id, upload: lookup(media.id) }, file: UPLOADED };
  }
  if (typeof media.link !== 'string' || !/^https?:\/\//i.test(media.link)) {
    errors.push(field(`${kind}.link`, 'must be an http(s) URL'));
    return {};
  }
  return { link: media.link, file: media.link };
}

function translateFile(kind: MetaMediaKind, media: unknown, errors: FieldError[], lookup: (id: string) => UploadedMedia | undefined): Part {
  const fileField = kind === 'audio' ? 'audio' : 'media';
  if (!isObject(media)) {
    errors.push(field(kind, 'is required: an object with "link" (an http(s) URL) or "id" (what the media upload answered)'));
    return { body: {}, names: {}, reported: [fileField, 'mimetype', 'fileName'] };
  }
  const source = readSource(kind, media, errors, lookup);
  const upload = source.ref?.upload;
  // an upload of another kind is the route's 131053; the stand-in type keeps docs/API.md's check quiet
  const fitting = upload !== undefined && fitsKind(upload.mimetype, kind) ? upload : undefined;
  const detected = source.link === undefined ? null : detectMimetype(source.link, kind === 'document' ? media.filename : undefined);
  const mimetype = storableType(fitting?.mimetype ?? (detected !== null && linkFits(detected, kind) ? detected : USUAL_TYPE[kind]));
  const reported = source.file === undefined ? [fileField] : [];
  const names: Record<string, string> = { [fileField]: source.ref ? `${kind}.id` : `${kind}.link`, mimetype: kind, ptt: 'audio.voice' };
  if (kind === 'audio') {
    return { body: { audio: source.file, mimetype, ptt: media.voice ?? false }, names, reported, fileField, media: source.ref };
  }
  const made =
    plainName(fitting?.fileName) ?? (source.link === undefined ? null : fileNameFromUrl(source.link)) ?? `${kind}${extensionFor(mimetype)}`;
  const body: Body = {
    mediatype: kind === 'image' || kind === 'sticker' ? 'image' : 'document',
    mimetype,
    fileName: kind === 'document' && media.filename !== undefined ? media.filename : made,
    media: source.file,
  };
  if (kind !== 'sticker' && media.caption !== undefined) body.caption = media.caption;
  return {
    body,
    names: { ...names, fileName: `${kind}.filename`, caption: `${kind}.caption`, mediatype: 'type' },
    reported,
    fileField,
    media: source.ref,
  };
}

export function translateMetaSend(body: Body, lookup: (id: string) => UploadedMedia | undefined): MetaSend {
  const errors: FieldError[] = [];
  checkCloudEnvelope(body, errors, ' (the sandbox has no groups)');
  const number = decoratedNumber(body, 'to', errors, undecorate, 'a phone number with an optional "+"');
  const type = body.type;
  let part: Part;
  if (type === 'text') {
    part = translateText(body.text, errors);
    // a quoted reply: docs/API.md's replyTo, its problems named as Meta's field
    part = { ...part, body: { ...part.body, ...metaContext(body, errors) }, names: { ...part.names, replyTo: 'context.message_id' } };
  } else if (type === 'template') part = translateTemplate(body.template, errors);
  else if (type === 'image' || type === 'video' || type === 'document' || type === 'audio' || type === 'sticker')
    part = translateFile(type, body[type], errors, lookup);
  else {
    errors.push(
      field('type', type === undefined ? `is required: one of ${META_TYPES.join(', ')}` : `must be one of ${META_TYPES.join(', ')}`),
    );
    return { translation: { type: undefined, body: {}, errors, names: {}, reported: [] } };
  }
  const { media, template, ...rest } = part;
  return {
    translation: {
      ...rest,
      type: type === 'text' || type === 'template' ? type : type === 'audio' ? 'audio' : 'media',
      body: { ...rest.body, number },
      errors,
      names: { ...rest.names, number: 'to' },
      // `to` was checked here, with the dialect's own wording
      reported: [...rest.reported, 'number'],
    },
    ...(media ? { media } : {}),
    ...(template ? { template } : {}),
  };
}
