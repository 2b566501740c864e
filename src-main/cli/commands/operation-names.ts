// The operations as a person names them on the command line (--operation text, --use media=…),
// and --map ROLE=FIELD: shared by crm profiles import-curl and import-spec.
import { isRole } from '../../core/api/roles';
import type { DescribedOperation, RoleFixes } from '../../core/api/types';
import { UsageError } from '../args';

/** The operation names of the CLI, as a person says them. */
export const OPERATION_NAMES: Record<string, DescribedOperation> = {
  contacts: 'contacts.list',
  text: 'messages.text',
  media: 'messages.media',
  audio: 'messages.audio',
  template: 'messages.template',
  messages: 'messages.list',
  templates: 'templates.list',
  upload: 'media.upload',
  download: 'media.download',
  check: 'keys.check',
  reaction: 'messages.reaction',
  read: 'messages.read',
  'template-create': 'templates.create',
  'template-edit': 'templates.update',
  'template-delete': 'templates.delete',
};

/** --map ROLE=FIELD (repeatable); FIELD is a body path (text.body), a query name or a key name. */
export function parseFixes(values: string[] | undefined): RoleFixes {
  const fixes: RoleFixes = {};
  for (const entry of values ?? []) {
    const eq = entry.indexOf('=');
    const role = entry.slice(0, eq);
    const field = entry.slice(eq + 1);
    if (eq <= 0 || field === '') throw new UsageError('--map takes ROLE=FIELD, e.g. --map per_page=limit or --map constant=type');
    if (role !== 'constant' && !isRole(role))
      throw new UsageError(
        `--map: "${role.slice(0, 40)}" is not a role (number, text, caption, media, media_url, media_base64, file_name, ` +
          `mimetype, mediatype, audio, audio_url, audio_base64, media_id, template_name, template_language, template_param, ` +
          `page, per_page, offset, cursor, search, or constant)`,
      );
    (fixes[role] ??= []).push(field);
  }
  return fixes;
}
