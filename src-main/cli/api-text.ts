// An API description as text for the terminal: one block per operation, role leaves written
// as {{role}} with the number's prefix/suffix around them, so `+{{number}}` or
// `{{number}}@c.us` shows how the service wants a number.
import { describeCredential } from '../shared/credential-words';
import { JsonNumberText, stringifyJson } from '../core/api/json/json-text';
import { isExactNumber, isLiteralObject, isRoleRef } from '../shared/template-leaves';
import type { MappingRow, OperationSpec, RoleRef, Template } from '../core/api/types';
import { clean, table } from './format';

export function roleText(ref: RoleRef): string {
  // a list written as one JSON object's text shows its keys (Twilio's ContentVariables)
  if (ref.form === 'json-object-string') return `{"1":{{${ref.$role}}},"2":…}`;
  return `${ref.prefix ?? ''}{{${ref.$role}}}${ref.suffix ?? ''}`;
}

export function templateText(template: Template): string {
  // constants as the service receives them: exact numbers as their digits, literal objects as their keys
  return stringifyJson(template, (_key, value: unknown) => {
    if (isExactNumber(value)) return new JsonNumberText(value.$number);
    if (isLiteralObject(value)) return value.$literal;
    return isRoleRef(value) ? roleText(value) : value;
  });
}

export function operationLines(label: string, spec: OperationSpec, custom: boolean): string[] {
  const query = spec.query.map((q) => `${q.name}=${typeof q.value === 'string' ? q.value : roleText(q.value)}`).join('&');
  const lines = [
    `${label}${custom ? '' : ' (the default API, docs/API.md)'}`,
    `  ${spec.method} ${clean(spec.path)}${query === '' ? '' : `?${clean(query)}`}`,
  ];
  for (const header of spec.headers) lines.push(`  header ${clean(header.name)}: ${clean(header.value)}`);
  lines.push(`  key    ${clean(describeCredential(spec.credential))}`);
  if (spec.body !== null) lines.push(`  body   ${spec.encoding === 'form' ? '(form) ' : ''}${clean(templateText(spec.body))}`);
  if (spec.send?.messageId) lines.push(`  message id at ${clean(spec.send.messageId)}`);
  // where else the key goes, for a received file's bytes only (crm profiles api file-origins)
  if (spec.fileOrigins !== undefined && spec.fileOrigins.length > 0)
    lines.push(`  files  also from ${clean(spec.fileOrigins.join(', '))} (the key goes there for files only)`);
  const map = spec.contacts;
  if (map) {
    const set = Object.entries(map)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k}=${String(v)}`);
    lines.push(`  answer ${set.length === 0 ? 'detected from common names' : clean(set.join(', '))}`);
  }
  return lines;
}

export function mappingTable(rows: MappingRow[]): string {
  if (rows.length === 0) return '(no fields)';
  return table(
    ['FIELD', 'EXAMPLE', 'ROLE'],
    rows.map((r) => [`${r.location === 'query' ? '?' : ''}${r.field}`, r.example, r.role ?? 'constant']),
  );
}
