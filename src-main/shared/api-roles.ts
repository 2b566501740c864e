// Roles of an API description and the operations that may use them: pure data that the main
// process and the window's mapping editor both read (no node:*, no electron, no DOM).
import type { Role } from './api-description';
import type { DescribedOperation } from './operation-ids';

export const ROLES = [
  'number',
  'text',
  'caption',
  'media',
  'media_url',
  'media_base64',
  'file_name',
  'mimetype',
  'mediatype',
  'audio',
  'audio_url',
  'audio_base64',
  'media_id',
  'template_name',
  'template_language',
  'template_param',
  'page',
  'per_page',
  'offset',
  'cursor',
  'search',
  'quoted_id',
  'reaction_to',
  'emoji',
  'read_id',
  'template_id',
  'template_draft',
] as const satisfies readonly Role[];

export const OPERATION_ROLES: Readonly<Record<DescribedOperation, readonly Role[]>> = {
  'contacts.list': ['page', 'per_page', 'offset', 'cursor', 'search'],
  'messages.text': ['number', 'text', 'quoted_id'],
  'messages.media': ['number', 'caption', 'media', 'media_url', 'media_base64', 'media_id', 'file_name', 'mimetype', 'mediatype'],
  'messages.audio': ['number', 'audio', 'audio_url', 'audio_base64', 'media_id', 'mimetype', 'file_name'],
  'messages.template': ['number', 'template_name', 'template_language', 'template_param'],
  'messages.list': ['number', 'page', 'per_page', 'offset', 'cursor'],
  'templates.list': [],
  'media.upload': ['media', 'media_base64', 'mimetype', 'file_name', 'mediatype'],
  'keys.check': [],
  'messages.reaction': ['number', 'reaction_to', 'emoji'],
  // a received file's id, written into the path (Meta's GET /{media-id})
  'media.download': ['media_id'],
  // the contact's message marked read; Meta's read receipt names no recipient, another service may
  'messages.read': ['number', 'read_id'],
  // template management: the submission is written whole; an edit names the template by id, a deletion by name (or id)
  'templates.create': ['template_draft'],
  'templates.update': ['template_id', 'template_draft'],
  'templates.delete': ['template_name', 'template_id'],
};

/** What a person calls a role, for tables and problems. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  number: 'recipient number',
  text: 'message text',
  caption: 'caption',
  media: 'media (URL or base64)',
  media_url: 'media URL',
  media_base64: 'media as base64',
  file_name: 'file name',
  mimetype: 'file type',
  mediatype: 'media type (image/document)',
  audio: 'audio (URL or base64)',
  audio_url: 'audio URL',
  audio_base64: 'audio as base64',
  media_id: 'media id',
  template_name: 'template name',
  template_language: 'template language',
  template_param: 'template parameter',
  page: 'page number',
  per_page: 'page size',
  offset: 'offset',
  cursor: 'cursor',
  search: 'search text',
  quoted_id: 'quoted message id',
  reaction_to: 'message reacted to',
  emoji: 'reaction emoji',
  read_id: 'message marked read',
  template_id: 'template id',
  template_draft: 'template submission (name, language, category, components)',
};
