// A media lookup's 2xx answer (Meta's GET /{media-id}: {"url","mime_type","sha256","file_size","id"})
// -> where the file is and what the service says of it. Each field is looked for under the names
// services use; only the address is required. Pure; the caller has already scrubbed the body.
import { CrmError } from '../../errors';
import { firstPath, getPath } from '../json/json-path';

const URL_PATHS = ['url', 'download_url', 'downloadUrl', 'link', 'data.url', 'media.url', 'result.url'];
const TYPE_PATHS = ['mime_type', 'mimetype', 'mimeType', 'content_type', 'contentType', 'data.mime_type', 'media.mime_type'];
const SIZE_PATHS = ['file_size', 'size', 'fileSize', 'bytes', 'data.file_size', 'media.file_size'];
const SHA256_PATHS = ['sha256', 'data.sha256', 'media.sha256'];

export interface MediaLookup {
  url: string;
  mimetype: string | null;
  size: number | null;
  /** hex, lower-cased; null when the answer gives none (the bytes are then not checked) */
  sha256: string | null;
}

function text(json: unknown, paths: readonly string[], ok: (v: unknown) => boolean): unknown {
  const path = firstPath(json, paths, ok);
  return path === null ? null : getPath(json, path);
}

const isHttpUrl = (v: unknown): boolean => typeof v === 'string' && /^https?:\/\/\S+$/i.test(v);

export function readMediaLookup(json: unknown): MediaLookup {
  const url = text(json, URL_PATHS, isHttpUrl);
  if (typeof url !== 'string')
    throw new CrmError(
      'bad_response',
      "The service's answer about the file names no http(s) address to download it from; check Profiles → API → Download media",
    );
  const type = text(json, TYPE_PATHS, (v) => typeof v === 'string' && /^[\w.+-]+\/[\w.+-]+/.test(v));
  const size = text(json, SIZE_PATHS, (v) => Number.isSafeInteger(Number(v)) && Number(v) >= 0 && v !== '' && v !== null);
  const sha = text(json, SHA256_PATHS, (v) => typeof v === 'string' && /^[0-9a-f]{64}$/i.test(v));
  return {
    url,
    mimetype: typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : null,
    size: size === null ? null : Number(size),
    sha256: typeof sha === 'string' ? sha.toLowerCase() : null,
  };
}
