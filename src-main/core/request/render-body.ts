// The body a description asks for, rendered from the operation's values: JSON, a form or
// multipart, with a file's bytes left for the sender to stream.
import { encodeFormBody } from '../api/form-body';
import type { JsonWriter } from '../api/json/json-template-writer';
import { renderTemplate } from '../api/template';
import type { RoleValues } from '../api/template';
import type { OperationSpec } from '../api/types';
import type { PreparedBody } from '../http/prepared-request';
import { MULTIPART_FILE, fileBody, jsonBody, multipartBody } from './request-bodies';
import { placeholderValues } from './file-source';
import type { FileRef } from './media-payload';
import type { Problems } from './problems';

/** `json`: the description's compiled JSON writer, which gives the same text without walking the template */
export function renderBody(
  spec: OperationSpec,
  values: RoleValues,
  file: FileRef | null,
  what: 'audio' | 'media',
  problems: Problems,
  json: JsonWriter | null = null,
): PreparedBody | null {
  const template = spec.body;
  if (template === null) return null;
  if (spec.encoding === 'multipart') {
    return multipartBody(
      renderTemplate(template, file === null ? values : { ...values, ...placeholderValues(values, MULTIPART_FILE) }),
      file,
      values,
    );
  }
  if (spec.encoding === 'form') {
    // a form has no room for a file's bytes here: such services take media by URL
    if (file !== null) problems.sentence('source', `This service takes ${what} by URL (its body is a form): give the file's https:// URL`);
    return {
      kind: 'form',
      text: encodeFormBody(renderTemplate(template, file === null ? values : { ...values, ...placeholderValues(values, '') })),
    };
  }
  if (file === null && json !== null) return { kind: 'json', text: json(values) };
  return file === null
    ? jsonBody(renderTemplate(template, values))
    : fileBody((placeholder) => renderTemplate(template, { ...values, ...placeholderValues(values, placeholder) }), file);
}
