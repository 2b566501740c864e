// Meta's template webhooks -> the changes they announce: `message_template_status_update` (a new
// status, with the reason of a rejection), `message_template_quality_update` (a new quality
// score) and `template_category_update` (a new category, and the one it had). Other changes in the
// same payload (messages) are left to the conversations. Pure.
import type { TemplateQuality } from '../../shared/template-lifecycle';
import { isRecord } from '../parse/shape';
import { qualityOf } from './read-managed';

export interface TemplateChange {
  id: string | null;
  name: string | null;
  language: string | null;
  status?: string;
  rejectedReason?: string | null;
  quality?: TemplateQuality;
  category?: string;
  previousCategory?: string | null;
}

const MAX_CHANGES = 500;

const text = (value: unknown, max = 200): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
const word = (value: unknown): string | null => text(value, 60)?.toUpperCase() ?? null;

function changeOf(field: unknown, value: Record<string, unknown>): TemplateChange | null {
  const id = typeof value.message_template_id === 'number' ? String(value.message_template_id) : text(value.message_template_id, 100);
  const named = { id, name: text(value.message_template_name, 512), language: text(value.message_template_language, 20) };
  if (named.id === null && named.name === null) return null;
  if (field === 'message_template_status_update') {
    const status = word(value.event);
    if (status === null) return null;
    const reason = word(value.reason);
    return { ...named, status, rejectedReason: status === 'REJECTED' && reason !== null && reason !== 'NONE' ? reason : null };
  }
  if (field === 'message_template_quality_update') return { ...named, quality: qualityOf(value.new_quality_score) };
  if (field === 'template_category_update') {
    const category = word(value.new_category);
    return category === null ? null : { ...named, category, previousCategory: word(value.previous_category) };
  }
  return null;
}

export function findTemplateChanges(payload: unknown): TemplateChange[] {
  if (!isRecord(payload) || !Array.isArray(payload.entry)) return [];
  const out: TemplateChange[] = [];
  for (const entry of payload.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (out.length >= MAX_CHANGES) return out;
      const found = isRecord(change) && isRecord(change.value) ? changeOf(change.field, change.value) : null;
      if (found !== null) out.push(found);
    }
  }
  return out;
}
