// A template listing's 2xx answer -> every template with its state, not only the approved ones:
// status, category (and previous_category where Meta moved it), quality (Meta's
// quality_score.score, or a plain string), rejected_reason and id. Found by shape as the send
// list finds it (read-templates.ts). Pure; the caller has scrubbed the body.
import type { ManagedTemplate, TemplateQuality } from '../../shared/template-lifecycle';
import { isRecord } from '../parse/shape';
import { bodyOf, findList, languageOf } from '../api/answers/read-templates';

const MAX_TEMPLATES = 1000;
const QUALITIES: readonly string[] = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'];

export type ListedState = Omit<ManagedTemplate, 'updatedAt'>;

const upper = (value: unknown, max = 60): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase().slice(0, max) : null;

export function qualityOf(value: unknown): TemplateQuality {
  const word = upper(isRecord(value) ? value.score : value);
  return word !== null && QUALITIES.includes(word) ? (word as TemplateQuality) : 'UNKNOWN';
}

function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value.slice(0, 100) : null;
}

function stateOf(entry: Record<string, unknown>): ListedState | null {
  const language = languageOf(entry.language);
  if (typeof entry.name !== 'string' || language === null) return null;
  const status = upper(entry.status) ?? 'APPROVED';
  const reason = upper(entry.rejected_reason ?? entry.reason, 200);
  const body = bodyOf(entry);
  return {
    id: idOf(entry.id),
    name: entry.name.slice(0, 512),
    language: language.slice(0, 20),
    status,
    category: upper(entry.category),
    approvedCategory: upper(entry.previous_category),
    quality: qualityOf(entry.quality_score ?? entry.quality),
    rejectedReason: status === 'REJECTED' && reason !== null && reason !== 'NONE' ? reason : null,
    body: body === null ? null : body.slice(0, 1024),
  };
}

/** null when the answer holds no list of templates at all */
export function readManagedTemplates(json: unknown): ListedState[] | null {
  const list = Array.isArray(json) && json.length === 0 ? [] : findList(json);
  if (list === null) return null;
  return list.slice(0, MAX_TEMPLATES).flatMap((entry) => {
    const state = isRecord(entry) ? stateOf(entry) : null;
    return state === null ? [] : [state];
  });
}
