import type { RoleValues } from '../../api/template';
import { FILE_SLOT } from '../file-source';
import { audioPayload, mediaPayload } from '../media-payload';
import type { DescribedRule } from './rule';

export const mediaUploadRules: DescribedRule<'media.upload'> = async ({ input }, { roles, problems, files }) => {
  const payload =
    input.mediatype === 'audio'
      ? await audioPayload(input.source, input.mimetype, problems, files)
      : await mediaPayload(input.source, input.mediatype, input.mimetype, input.fileName, problems, files);
  const values: RoleValues = { mediatype: input.mediatype, mimetype: payload.mimetype, file_name: input.fileName ?? payload.fileName };
  if (roles.has('media')) values.media = FILE_SLOT;
  else if (roles.has('media_base64')) values.media_base64 = FILE_SLOT;
  return { values, file: payload.file };
};
