// Which roles each operation cannot do without. The role lists themselves are shared with the
// window (src-main/shared/api-roles.ts).
import { ROLES, ROLE_LABELS } from '../../shared/api-roles';
import type { DescribedOperation, Role } from './types';

export { OPERATION_ROLES, ROLES, ROLE_LABELS } from '../../shared/api-roles';

/** Each inner list: at least one of these roles must appear. */
const REQUIRED: Readonly<Record<DescribedOperation, readonly (readonly Role[])[]>> = {
  'contacts.list': [],
  'messages.text': [['number'], ['text']],
  'messages.media': [['number'], ['media', 'media_url', 'media_base64', 'media_id']],
  'messages.audio': [['number'], ['audio', 'audio_url', 'audio_base64', 'media_id']],
  // a template without parameters is common (Meta's hello_world): only its name is needed; a language
  // too where the service takes one (Twilio's Content templates carry theirs, named by a Content SID)
  'messages.template': [['number'], ['template_name']],
  'messages.list': [],
  'templates.list': [],
  'media.upload': [['media', 'media_base64']],
  'keys.check': [],
  'messages.reaction': [['number'], ['reaction_to'], ['emoji']],
  'media.download': [['media_id']],
  'messages.read': [['read_id']],
  'templates.create': [['template_draft']],
  'templates.update': [['template_id'], ['template_draft']],
  'templates.delete': [['template_name', 'template_id']],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** What the operation cannot do without (any one of `anyOf`), with its sentence; empty when complete. */
export function missingRoles(op: DescribedOperation, present: ReadonlySet<Role>): { anyOf: readonly Role[]; sentence: string }[] {
  return REQUIRED[op]
    .filter((anyOf) => !anyOf.some((r) => present.has(r)))
    .map((anyOf) => ({ anyOf, sentence: `no field is mapped to the ${anyOf.map((r) => ROLE_LABELS[r]).join(' or ')}` }));
}
