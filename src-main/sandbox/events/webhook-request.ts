// One event as the HTTP request the dialect's kind of service would POST: its body, its
// Content-Type and, with a secret, its signature header. Pure.
import type { SandboxDialect } from '../types';
import type { SandboxEvent } from './event-types';
import { defaultWebhookBody } from './payloads-default';
import { evolutionWebhookBody } from './payloads-evolution';
import { metaWebhookBody } from './payloads-meta';
import { twilioWebhookParams } from './payloads-twilio';
import { watiWebhookBody } from './payloads-wati';
import { sha256Signature, twilioSignature } from './signatures';

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export function webhookRequest(dialect: SandboxDialect, event: SandboxEvent, url: string, secret: string | null): WebhookRequest {
  if (dialect === 'twilio') {
    const params = twilioWebhookParams(event);
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    if (secret !== null) headers['X-Twilio-Signature'] = twilioSignature(secret, url, params);
    return { url, body: new URLSearchParams(params).toString(), headers };
  }
  // Evolution signs with the apikey in its body, Wati not at all: neither sends a signature header
  const json = { 'Content-Type': 'application/json' };
  if (dialect === 'evolution-v2') return { url, body: JSON.stringify(evolutionWebhookBody(event, url, secret)), headers: json };
  if (dialect === 'wati') return { url, body: JSON.stringify(watiWebhookBody(event)), headers: json };
  const meta = dialect === 'meta' || dialect === 'cloud';
  const body = JSON.stringify(meta ? metaWebhookBody(event) : defaultWebhookBody(event));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (secret !== null) headers[meta ? 'X-Hub-Signature-256' : 'X-Crm-Signature-256'] = sha256Signature(secret, body);
  return { url, body, headers };
}
