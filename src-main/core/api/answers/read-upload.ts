// An upload's 2xx answer -> the id the send then carries (Meta answers {"id":"1234..."}). The
// path is the description's when it names one, else the first of the names services use. An
// answer without an id is a failure the person is told of: the file went up, but nothing can
// refer to it. Pure; the caller has already scrubbed the body of the key.
import { CrmError } from '../../errors';
import { firstPath, getPath } from '../json/json-path';

const UPLOAD_ID_PATHS = ['id', 'media_id', 'mediaId', 'data.id', 'data.media_id', 'media.id', 'result.id', 'h'];

export function readUploadedId(json: unknown, idPath: string | null | undefined): string {
  const path = idPath ?? firstPath(json, UPLOAD_ID_PATHS, (v) => idText(v) !== null);
  const id = path === null ? null : idText(getPath(json, path));
  if (id === null)
    throw new CrmError(
      'bad_response',
      'The service took the upload but its answer has no media id to send the file by; check Profiles → API → Upload media',
    );
  return id;
}

function idText(value: unknown): string | null {
  if (typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}
