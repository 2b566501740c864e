import type { RoleValues } from '../../api/template';
import { checkIdempotencyKey, recipient } from '../field-rules';
import { sourceValues } from '../file-source';
import { audioPayload } from '../media-payload';
import type { DescribedRule } from './rule';

export const messagesAudioRules: DescribedRule<'messages.audio'> = async (
  { input, idempotencyKey },
  { spec, roles, problems, files, upload },
) => {
  const values: RoleValues = { number: recipient(input.number, problems) };
  const audio = await audioPayload(input.source, input.mimetype, problems, files);
  values.mimetype = audio.mimetype;
  if (audio.fileName !== '') values.file_name = audio.fileName;
  const file = sourceValues(values, 'audio', audio, roles, problems, upload, spec.encoding === 'multipart');
  return { values, file, idempotencyKey: checkIdempotencyKey(idempotencyKey, problems) };
};
