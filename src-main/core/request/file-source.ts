// Where a send's URL or file goes in the profile's description: `media`/`audio` take either,
// `_url` only a URL, `_base64` only a file, `media_id` an id a separate upload answered. A file
// stands in the values as a slot; the body renderer puts the bytes (or their stand-in) there.
import type { RoleValues } from '../api/template';
import type { Role } from '../api/types';
import type { FileRef, Payload } from './media-payload';
import type { Problems } from './problems';

/** The value a file's role holds until the body is rendered. */
export const FILE_SLOT = 'crm-file-slot';

/** What stands for the uploaded id in a preview, before the upload has answered. */
export const UPLOADED_ID_PLACEHOLDER = 'MEDIA_ID_FROM_UPLOAD';

/** Whether this profile can upload a file first, and the id an upload already answered. */
export interface UploadState {
  available: boolean;
  id: string | undefined;
}

/** Puts the payload's URL or file into the roles the description has; returns the file the body carries. */
export function sourceValues(
  values: RoleValues,
  kind: 'media' | 'audio',
  payload: Payload,
  roles: ReadonlySet<Role>,
  problems: Problems,
  upload: UploadState,
  multipart: boolean,
): FileRef | null {
  const either = kind;
  const urlRole: Role = kind === 'media' ? 'media_url' : 'audio_url';
  const fileRole: Role = kind === 'media' ? 'media_base64' : 'audio_base64';
  const what = kind === 'media' ? 'Send Media' : 'Send Audio';
  if (payload.file === null) {
    // a multipart body's file field takes the file itself (Wati's sendSessionFile)
    if (roles.has(either) && multipart)
      problems.sentence('source', `This service's ${what} takes the file itself (an upload), not a URL: choose a file`);
    else if (roles.has(either)) values[either] = payload.url;
    else if (roles.has(urlRole)) values[urlRole] = payload.url;
    else if (roles.has(fileRole))
      problems.sentence('source', `This service's ${what} takes a file, not a URL (see Profiles → API): choose a file`);
    else if (roles.has('media_id'))
      problems.sentence('source', `This service's ${what} takes an uploaded file, not a URL (see Profiles → API): choose a file`);
    return null;
  }
  if (roles.has(either)) values[either] = FILE_SLOT;
  else if (roles.has(fileRole)) values[fileRole] = FILE_SLOT;
  else if (roles.has('media_id') && upload.available) {
    // the file goes up first (its own request); this one carries the id that upload answered
    values.media_id = upload.id ?? UPLOADED_ID_PLACEHOLDER;
    return null;
  } else {
    if (roles.has('media_id')) {
      problems.sentence(
        'source',
        `This service's ${what} takes a file only after an upload, and this profile has no Upload media operation: import the ` +
          `service's upload cURL in Profiles → API, or give the file's https:// URL`,
      );
    } else if (roles.has(urlRole))
      problems.sentence('source', `This service's ${what} takes a URL, not a file (see Profiles → API): give the file's https:// URL`);
    // no field takes the bytes: the body carries no file (the problem above says why)
    return null;
  }
  return payload.file;
}

/** The file's roles with the slot replaced by `placeholder` (a multipart marker, a base64 stand-in, ''). */
export function placeholderValues(values: RoleValues, placeholder: string): RoleValues {
  const out: RoleValues = {};
  for (const [role, value] of Object.entries(values) as [Role, unknown][]) if (value === FILE_SLOT) out[role] = placeholder;
  return out;
}
