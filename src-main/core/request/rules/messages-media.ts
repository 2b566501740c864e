import { LIMITS, charCount } from '../../../shared/limits';
import { offeredMediaKinds, usesKindKey } from '../../../shared/media-kinds';
import type { RoleValues } from '../../api/template';
import { checkIdempotencyKey, recipient } from '../field-rules';
import { sourceValues } from '../file-source';
import { mediaPayload } from '../media-payload';
import type { DescribedRule } from './rule';

export const messagesMediaRules: DescribedRule<'messages.media'> = async (
  { input, idempotencyKey },
  { spec, roles, problems, files, upload },
) => {
  const values: RoleValues = { number: recipient(input.number, problems) };
  const kinds = offeredMediaKinds(spec);
  if (!kinds.includes(input.mediatype))
    problems.field('mediatype', `must be ${kinds.map((k) => `"${k}"`).join(' or ')}: this service's Send Media takes those`, 'Media type');
  const caption = input.caption ?? '';
  if (caption !== '' && input.mediatype === 'sticker')
    problems.field('caption', 'cannot go with a sticker: WhatsApp shows none', 'Caption');
  const captionLength = charCount(caption);
  if (captionLength > LIMITS.captionChars)
    problems.field('caption', `is too long: ${captionLength} characters, at most ${LIMITS.captionChars}`, 'Caption');
  if (caption !== '' && !roles.has('caption'))
    problems.sentence(
      'caption',
      "This service's Send Media has no caption field (see Profiles → API); clear the caption or map a field to it",
    );
  const media = await mediaPayload(input.source, input.mediatype, input.mimetype, input.fileName, problems, files);
  Object.assign(values, { mediatype: input.mediatype, mimetype: media.mimetype });
  // where the kind picks the body's key, only a document carries a file name (WhatsApp's own rule)
  if (!usesKindKey(spec.body) || input.mediatype === 'document') values.file_name = media.fileName;
  if (caption !== '') values.caption = caption;
  const file = sourceValues(values, 'media', media, roles, problems, upload, spec.encoding === 'multipart');
  return { values, file, idempotencyKey: checkIdempotencyKey(idempotencyKey, problems) };
};
