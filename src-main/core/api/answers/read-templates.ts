// A template listing's 2xx answer -> the approved templates. Services say the same thing in their
// own shapes: Meta's {data:[{name, language, status, components:[{type:"BODY", text}]}]}, a list
// with `language: {code}`, a bare array, a `templates` key. Found by shape, not by path: the first
// array of objects that have a name and a language. A template whose status is given and is not
// approved is left out (it cannot be sent). Pure; the caller has scrubbed the body.
import type { ApprovedTemplate } from '../../../shared/approved-template';
import { isRecord } from '../../parse/shape';

const MAX_TEMPLATES = 1000;
const MAX_DEPTH = 4;

export function languageOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.code === 'string') return value.code;
  return null;
}

export function bodyOf(entry: Record<string, unknown>): string | null {
  if (typeof entry.body === 'string') return entry.body;
  const components = Array.isArray(entry.components) ? entry.components : [];
  const body = components.find(
    (c) => isRecord(c) && typeof c.type === 'string' && c.type.toUpperCase() === 'BODY' && typeof c.text === 'string',
  );
  return isRecord(body) ? (body.text as string) : null;
}

/** the highest {{n}} in the body: Meta numbers them 1..n */
function paramsOf(entry: Record<string, unknown>, body: string | null): number | null {
  if (typeof entry.params === 'number' && Number.isSafeInteger(entry.params) && entry.params >= 0) return entry.params;
  if (body === null) return null;
  const numbers = [...body.matchAll(/\{\{\s*(\d{1,3})\s*\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

function approved(entry: Record<string, unknown>): boolean {
  return typeof entry.status !== 'string' || entry.status.toUpperCase() === 'APPROVED';
}

function looksLikeTemplates(value: unknown): value is Record<string, unknown>[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.some((e) => isRecord(e) && typeof e.name === 'string' && languageOf(e.language) !== null)
  );
}

export function findList(json: unknown, depth = 0): Record<string, unknown>[] | null {
  if (looksLikeTemplates(json)) return json;
  if (depth >= MAX_DEPTH || !isRecord(json)) return null;
  for (const value of Object.values(json)) {
    const found = findList(value, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** null when the answer holds no list of templates at all (another shape) */
export function readTemplates(json: unknown): ApprovedTemplate[] | null {
  const list = Array.isArray(json) && json.length === 0 ? [] : findList(json);
  if (list === null) return null;
  const out: ApprovedTemplate[] = [];
  for (const entry of list.slice(0, MAX_TEMPLATES)) {
    if (!isRecord(entry) || typeof entry.name !== 'string' || !approved(entry)) continue;
    const language = languageOf(entry.language);
    if (language === null) continue;
    const body = bodyOf(entry);
    out.push({
      name: entry.name.slice(0, 512),
      language: language.slice(0, 20),
      params: paramsOf(entry, body),
      body: body === null ? null : body.slice(0, 1024),
    });
  }
  return out;
}
