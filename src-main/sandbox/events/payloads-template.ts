// Meta's template webhooks on the business account: `message_template_status_update` (event,
// reason), `message_template_quality_update` (previous and new score) and
// `template_category_update` (previous and new category), each one change in Meta's envelope.
// Written with the sandbox's own values. Pure.
import { BUSINESS_ACCOUNT_ID } from '../dialects/meta-phone';
import type { BookTemplate } from '../template-book';
import type { ReviewStep } from '../template-review-plan';
import { sha256Signature } from './signatures';
import type { WebhookRequest } from './webhook-request';

type Change = { field: string; value: Record<string, unknown> };

function envelope(changes: Change[], at: Date): Record<string, unknown> {
  return { object: 'whatsapp_business_account', entry: [{ id: BUSINESS_ACCOUNT_ID, time: Math.floor(at.getTime() / 1000), changes }] };
}

/** the changes one review step makes, described against the template as it was before */
export function templateChanges(before: BookTemplate, step: ReviewStep): Change[] {
  const named = { message_template_id: Number(before.id), message_template_name: before.name, message_template_language: before.language };
  const changes: Change[] = [];
  if (step.quality !== undefined && step.quality !== before.quality) {
    const value = { previous_quality_score: before.quality, new_quality_score: step.quality, ...named };
    changes.push({ field: 'message_template_quality_update', value });
  }
  if (step.category !== undefined && step.category !== before.category) {
    const value = { ...named, previous_category: before.category, new_category: step.category };
    changes.push({ field: 'template_category_update', value });
  }
  if (step.status !== undefined) {
    changes.push({ field: 'message_template_status_update', value: { event: step.status, ...named, reason: step.reason ?? 'NONE' } });
  }
  return changes;
}

export function templateWebhookBody(before: BookTemplate, step: ReviewStep, at: Date): Record<string, unknown> | null {
  const changes = templateChanges(before, step);
  return changes.length === 0 ? null : envelope(changes, at);
}

/** the body as Meta posts it: JSON, signed with the app secret in X-Hub-Signature-256 */
export function metaJsonRequest(url: string, secret: string | null, payload: Record<string, unknown>): WebhookRequest {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) headers['X-Hub-Signature-256'] = sha256Signature(secret, body);
  return { url, body, headers };
}
