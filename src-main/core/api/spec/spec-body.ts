// An example body value written the way its media type sends it: JSON text, or a form
// (application/x-www-form-urlencoded, encoded as curl's --data-urlencode does). Media types the
// app cannot send are named, multipart first since services use it for uploads. Pure.
import { formEncode } from '../curl/curl-encoding';
import { isObject } from '../openapi/openapi-ref';

export const JSON_TYPE = 'application/json';
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The media type to send from those the document offers, or the reason none can be. */
export function chooseMediaType(types: readonly string[]): { type: string; kind: 'json' | 'form' } | { reason: string } {
  const lower = types.map((t) => t.split(';')[0]!.trim().toLowerCase());
  const json = lower.findIndex((t) => t === JSON_TYPE || /^application\/[\w.-]+\+json$/.test(t) || t === '*/*' || t === 'application/*');
  if (json >= 0) return { type: lower[json] === '*/*' || lower[json] === 'application/*' ? JSON_TYPE : lower[json]!, kind: 'json' };
  if (lower.includes(FORM_TYPE)) return { type: FORM_TYPE, kind: 'form' };
  if (lower.includes('multipart/form-data'))
    return { reason: 'its body is multipart/form-data (a file upload), which is not supported yet: this app sends JSON and form bodies' };
  return { reason: `its body is ${lower.join(', ').slice(0, 80)}, which this app does not send (it sends JSON and form bodies)` };
}

/** `a=1&b=x+y`, a list repeating its field; a nested value is written as JSON text, and said so. */
export function formText(value: unknown, notes: string[]): string {
  if (!isObject(value)) {
    notes.push('The form body example is not a set of fields; it was sent empty');
    return '';
  }
  const pairs: string[] = [];
  for (const [name, field] of Object.entries(value)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (typeof item === 'object' && item !== null)
        notes.push(`The form field ${name.slice(0, 60)} holds an object; it was written as JSON text`);
      const text = item === null || item === undefined ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      pairs.push(`${formEncode(name)}=${formEncode(text)}`);
    }
  }
  return pairs.join('&');
}
