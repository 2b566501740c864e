// What the dialects' send routes share. A dialect's body is translated into docs/API.md's body and
// checked by docs/API.md's own checks (message-validation.ts), so every limit and rule (lengths,
// decoded sizes, base64, file names, audio types) is the same in every dialect; the problems
// those checks find are renamed to the dialect's fields. Pure: no store, no ids.
import type { FieldError } from '../errors';
import type { MessageType } from '../message-validation';
import { CHECKS } from '../message-validation';
import { field } from '../reply';
import type { Body } from '../validate';
import { isValidNumber, stringValue } from '../validate';

export interface Translation {
  /** undefined when the body does not say which operation it is (errors then say why) */
  type: MessageType | undefined;
  /** docs/API.md's body for that operation */
  body: Body;
  /** problems the translation found, already under the dialect's field names */
  errors: FieldError[];
  /** docs/API.md field -> the dialect's field, for the problems docs/API.md's checks find */
  names: Readonly<Record<string, string>>;
  /** docs/API.md fields whose problem the translation already reported (their own check would repeat it) */
  reported: readonly string[];
  /**
   * Problems with the file's type (it could not be told, an image that is not one): reported only
   * when the file itself (docs/API.md's `fileField`) is valid, since a bad file's own problem says more.
   */
  typeErrors?: FieldError[];
  fileField?: 'media' | 'audio';
}

export type TranslatedCheck = { ok: true; type: MessageType; fields: Record<string, unknown> } | { ok: false; details: FieldError[] };

export function checkTranslation(t: Translation): TranslatedCheck {
  if (t.type === undefined) return { ok: false, details: t.errors };
  const checked = CHECKS[t.type](t.body);
  const found = checked.ok ? [] : checked.details.filter((d) => !t.reported.includes(d.field));
  const fileInvalid = found.some((d) => d.field === t.fileField);
  const details = [
    ...t.errors,
    ...(fileInvalid ? [] : (t.typeErrors ?? [])),
    ...found.map((d) => field(t.names[d.field] ?? d.field, d.message)),
  ];
  if (details.length > 0 || !checked.ok) return { ok: false, details };
  return { ok: true, type: t.type, fields: checked.fields };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A recipient written in the dialect's way (`+5511...`, `5511...@c.us`): `undecorate` returns the
 * digits part, or a problem with the decoration. The digits follow docs/API.md's rule (8 to 15).
 */
export function decoratedNumber(
  body: Body,
  name: string,
  errors: FieldError[],
  undecorate: (text: string) => { digits: string } | { problem: string },
  shape: string,
): string | undefined {
  const value = stringValue(body, name, errors);
  if (value === undefined) return undefined;
  const result = undecorate(value);
  if ('problem' in result) {
    errors.push(field(name, result.problem));
    return undefined;
  }
  if (!isValidNumber(result.digits)) {
    errors.push(field(name, `must be ${shape}: 8 to 15 digits, country code first`));
    return undefined;
  }
  return result.digits;
}
