// Every operation's input rules, one entry each. Typed as a full map, so a new operation cannot be
// added without its rules, and the builder never switches over operations.
import type { DescribedOperation } from '../../api/types';
import { contactsListRules } from './contacts-list';
import { keysCheckRules, keysCreateRules, keysDeleteRules, keysListRules } from './key-routes';
import { mediaUploadRules } from './media-upload';
import { messagesAudioRules } from './messages-audio';
import { messagesListRules } from './messages-list';
import { messagesMediaRules } from './messages-media';
import { messagesTemplateRules } from './messages-template';
import { messagesTextRules } from './messages-text';
import { messagesReactionRules } from './messages-reaction';
import { messagesReadRules } from './messages-read';
import { templatesCreateRules, templatesDeleteRules, templatesUpdateRules } from './templates-manage';
import type { DescribedRule, FixedOperation, FixedRule } from './rule';

export const DESCRIBED_RULES: { readonly [K in DescribedOperation]: DescribedRule<K> } = {
  'contacts.list': contactsListRules,
  'messages.text': messagesTextRules,
  'messages.media': messagesMediaRules,
  'messages.audio': messagesAudioRules,
  'messages.template': messagesTemplateRules,
  'messages.list': messagesListRules,
  // the approved templates take no input: the service knows its own
  'templates.list': () => ({ values: {} }),
  'media.upload': mediaUploadRules,
  'keys.check': keysCheckRules,
  'messages.reaction': messagesReactionRules,
  // the id goes into the path as the service gave it
  'media.download': ({ input }) => ({ values: { media_id: input.mediaId } }),
  'messages.read': messagesReadRules,
  'templates.create': templatesCreateRules,
  'templates.update': templatesUpdateRules,
  'templates.delete': templatesDeleteRules,
};

export const FIXED_RULES: { readonly [K in FixedOperation]: FixedRule<K> } = {
  'keys.list': keysListRules,
  'keys.create': keysCreateRules,
  'keys.delete': keysDeleteRules,
};
