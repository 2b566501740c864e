// How a rendered body template is written on the wire: JSON (with a file's base64 streamed in
// place), a form, or multipart parts with the file streamed from disk; and the Content-Type each
// says. The request builder decides what goes where; this only writes it. Pure.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { formPairs } from '../api/form-body';
import { stringifyJson } from '../api/json/json-text';
import type { RoleValues } from '../api/template';
import { CrmError } from '../errors';
import type { PreparedBody, PreparedPart } from '../http/prepared-request';

export function bodyContentType(body: PreparedBody): string {
  switch (body.kind) {
    case 'form':
      return 'application/x-www-form-urlencoded';
    case 'multipart':
      return `multipart/form-data; boundary=${body.boundary}`;
    default:
      return 'application/json';
  }
}

/** Stands for the file in a rendered multipart template: the one value that becomes a file part. */
export const MULTIPART_FILE = `crm-file-part-${randomUUID()}`;

/**
 * A rendered template as multipart/form-data parts: every field a text part, the file's field a
 * file part (named as the person or the file names it, typed by its bytes) streamed when sent.
 */
export function multipartBody(rendered: unknown, file: { path: string; size: number } | null, values: RoleValues): PreparedBody {
  const pairs = formPairs(rendered);
  if (pairs.filter(([, value]) => value === MULTIPART_FILE).length > 1)
    throw new CrmError('validation', 'The API description puts the file in more than one field; keep one (Profiles → API)');
  const parts: PreparedPart[] = pairs.map(([name, value]) =>
    value === MULTIPART_FILE && file !== null
      ? {
          name,
          filePath: file.path,
          fileSize: file.size,
          fileName: String(values.file_name ?? basename(file.path)),
          contentType: String(values.mimetype ?? 'application/octet-stream'),
        }
      : { name, value },
  );
  return { kind: 'multipart', boundary: `----crm-console-${randomUUID()}`, parts };
}

export function jsonBody(value: unknown): PreparedBody {
  return { kind: 'json', text: stringifyJson(value) }; // exact numbers keep their digits
}

/**
 * prefix + base64(file) + suffix is exactly JSON.stringify of the body with the base64 in
 * place: the body is stringified once with a unique placeholder, then split around it, so every
 * other field keeps JSON.stringify's escaping (base64 itself needs none).
 */
export function fileBody(make: (placeholder: string) => unknown, file: { path: string; size: number }): PreparedBody {
  const placeholder = `crm-file-${randomUUID()}`;
  const parts = stringifyJson(make(placeholder)).split(placeholder);
  // a random UUID occurs nowhere else; twice means the description puts the file in two fields
  if (parts.length !== 2)
    throw new CrmError('validation', 'The API description puts the file in more than one field; keep one (Profiles → API)');
  return { kind: 'json-with-file', prefix: parts[0]!, filePath: file.path, fileSize: file.size, suffix: parts[1]! };
}
