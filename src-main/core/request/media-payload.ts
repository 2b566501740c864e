// The rules for a media or audio source: a local file is probed (size, sniffed type) without being
// read whole; a URL is checked and its type guessed from its name. Send Media, Send Audio and
// Upload media share them.
import { basename, resolve } from 'node:path';
import type { MediaType } from '../../shared/file-purpose';
import { tooLargeMessage } from '../../shared/file-size-problem';
import { byteLimitFor, charCount } from '../../shared/limits';
import type { FileAccess } from '../media/file-access';
import { probeFile } from '../media/file-probe';
import { AUDIO_MIMETYPES, IMAGE_MIMETYPES, baseMimetype, isMimetype, mimetypeFromName, toAudioMimetype } from '../media/mimetypes';
import type { MediaSource } from '../operations';
import type { Problems } from './problems';
import { parseUrl } from './request-url';

const MAX_FILE_NAME_CHARS = 255;
const MAX_URL_CHARS = 8192;

/** A local file as the body carries it: streamed by the sender, never read here. */
export interface FileRef {
  path: string;
  size: number;
}

export interface Payload {
  mimetype: string;
  fileName: string;
  /** the URL for a URL source ('' for a file) */
  url: string;
  file: FileRef | null;
}

export async function mediaPayload(
  source: MediaSource,
  mediatype: MediaType,
  givenMimetype: string | undefined,
  givenFileName: string | undefined,
  problems: Problems,
  files: FileAccess | undefined,
): Promise<Payload> {
  const limit = byteLimitFor(mediatype);
  if (source.kind === 'file') {
    const path = resolve(source.path);
    const fileName = checkFileName(givenFileName ?? basename(path), problems);
    const probe = await probeFile(path, { maxBytes: limit, files });
    if (!probe.ok) {
      problems.file('file_unreadable', probe.message);
      return { mimetype: givenMimetype ?? 'application/octet-stream', fileName, url: '', file: { path, size: 0 } };
    }
    const file = { path, size: probe.size };
    if (probe.tooLarge) {
      problems.file('file_too_large', tooLargeMessage(probe.name, probe.size, mediatype));
      return { mimetype: givenMimetype ?? probe.mimetype, fileName, url: '', file };
    }
    if (probe.size === 0) problems.file('validation', `${probe.name} is empty`);
    let mimetype = probe.mimetype;
    if (!probe.recognised && givenMimetype !== undefined && isMimetype(baseMimetype(givenMimetype))) mimetype = baseMimetype(givenMimetype);
    if (mediatype === 'image' && probe.category !== 'image') {
      const what = probe.mimetype.startsWith('image/')
        ? `is ${probe.mimetype}, which cannot be sent as an image`
        : `is not an image (its bytes look like ${probe.mimetype})`;
      problems.file('validation', `${probe.name} ${what}; send it as a document, or choose a JPEG, PNG, GIF or WebP`);
    }
    const kindProblem = kindMismatch(mediatype, probe.mimetype);
    if (kindProblem !== null) problems.file('validation', `${probe.name} ${kindProblem}`);
    return { mimetype, fileName, url: '', file };
  }
  const url = checkMediaUrl(source.url, problems);
  const fileName = checkFileName(givenFileName ?? fileNameFromUrl(url), problems);
  let mimetype = givenMimetype === undefined ? mimetypeFromName(urlPath(url)) : baseMimetype(givenMimetype);
  if (mimetype === null) {
    problems.field('mimetype', 'is required: the URL does not end in a known file extension', 'Mimetype');
    mimetype = 'application/octet-stream';
  } else if (!isMimetype(mimetype)) {
    problems.field('mimetype', 'is not a valid mimetype (type/subtype)', 'Mimetype');
  } else if (mediatype === 'image' && !(IMAGE_MIMETYPES as readonly string[]).includes(mimetype)) {
    problems.field('mimetype', `must be an image type (${IMAGE_MIMETYPES.join(', ')}) for an image, not ${mimetype}`, 'Mimetype');
  } else if (kindMismatch(mediatype, mimetype) !== null) {
    problems.field('mimetype', `${kindMismatch(mediatype, mimetype)!}`, "The media URL's type");
  }
  return { mimetype, fileName, url, file: null };
}

export async function audioPayload(
  source: MediaSource,
  givenMimetype: string | undefined,
  problems: Problems,
  files: FileAccess | undefined,
): Promise<Payload> {
  const allowed = `${AUDIO_MIMETYPES.join(', ')}`;
  if (source.kind === 'file') {
    const path = resolve(source.path);
    const name = basename(path);
    const probe = await probeFile(path, { maxBytes: byteLimitFor('audio'), files });
    if (!probe.ok) {
      problems.file('file_unreadable', probe.message);
      return {
        mimetype: givenMimetype === undefined ? 'audio/ogg' : (toAudioMimetype(givenMimetype) ?? 'audio/ogg'),
        fileName: name,
        url: '',
        file: { path, size: 0 },
      };
    }
    const file = { path, size: probe.size };
    const sniffed = toAudioMimetype(probe.mimetype);
    const given = givenMimetype === undefined ? null : toAudioMimetype(givenMimetype);
    if (probe.tooLarge) {
      problems.file('file_too_large', tooLargeMessage(name, probe.size, 'audio'));
      return { mimetype: given ?? sniffed ?? 'audio/ogg', fileName: name, url: '', file };
    }
    if (probe.size === 0) problems.file('validation', `${name} is empty`);
    if (sniffed === null) {
      problems.file(
        'validation',
        `${name} is not a supported audio file (its bytes look like ${probe.mimetype}); the API takes ${allowed}`,
      );
      return { mimetype: given ?? 'audio/ogg', fileName: name, url: '', file };
    }
    return { mimetype: sniffed, fileName: name, url: '', file };
  }
  const url = checkMediaUrl(source.url, problems);
  const guess = givenMimetype ?? mimetypeFromName(urlPath(url));
  if (guess === null) {
    problems.field('mimetype', `is required: the URL does not end in a known audio extension (${allowed})`, 'Mimetype');
    return { mimetype: 'audio/ogg', fileName: '', url, file: null };
  }
  const mimetype = toAudioMimetype(guess);
  if (mimetype === null) {
    problems.field('mimetype', `must be one of ${allowed}, not ${baseMimetype(guess).slice(0, 100)}`, 'Mimetype');
    return { mimetype: baseMimetype(guess), fileName: '', url, file: null };
  }
  return { mimetype, fileName: '', url, file: null };
}

/** Why bytes of `mimetype` cannot go as a video or a sticker (WhatsApp: any video/*, a WebP sticker), or null. */
function kindMismatch(mediatype: MediaType, mimetype: string): string | null {
  if (mediatype === 'video' && !mimetype.startsWith('video/'))
    return `is ${mimetype}, not a video; send it as a document, or choose an MP4 or 3GP video`;
  if (mediatype === 'sticker' && mimetype !== 'image/webp') return `is ${mimetype}; a sticker is a WebP image`;
  return null;
}

function checkFileName(name: string, problems: Problems): string {
  const length = charCount(name);
  if (name.trim() === '') problems.field('fileName', 'is empty', 'File name');
  else if (length > MAX_FILE_NAME_CHARS)
    problems.field('fileName', `is too long: ${length} characters, at most ${MAX_FILE_NAME_CHARS}`, 'File name');
  // eslint-disable-next-line no-control-regex
  else if (/[/\\\u0000-\u001f\u007f]/.test(name))
    problems.field('fileName', 'must not contain "/", "\\" or control characters', 'File name');
  return name;
}

function checkMediaUrl(raw: string, problems: Problems): string {
  const text = raw.trim();
  const parsed = parseUrl(text);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    problems.field('source', 'must be an http:// or https:// URL', 'Media URL');
  } else if (text.length > MAX_URL_CHARS) {
    problems.field('source', `is too long: at most ${MAX_URL_CHARS} characters`, 'Media URL');
  } else if (parsed.username !== '' || parsed.password !== '') {
    problems.field('source', 'must not contain a user name or password', 'Media URL');
  }
  return text;
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function fileNameFromUrl(url: string): string {
  const last = urlPath(url)
    .split('/')
    .filter((s) => s !== '')
    .pop();
  if (last === undefined) return 'file';
  try {
    const decoded = decodeURIComponent(last);
    return /[/\\\u0000-\u001f\u007f]/.test(decoded) ? last : decoded; // eslint-disable-line no-control-regex
  } catch {
    return last;
  }
}
