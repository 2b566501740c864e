// How each kind of service signs its webhooks, so a receiver can prove a body came from the
// sandbox: an HMAC-SHA256 of the exact raw body in hex (docs/API.md's X-Crm-Signature-256 and Meta's
// X-Hub-Signature-256 alike, both written `sha256=<hex>`), or Twilio's X-Twilio-Signature:
// HMAC-SHA1, in base64, of the full URL followed by each form field's name and value, the
// fields sorted by name.
import { createHmac } from 'node:crypto';

export function sha256Signature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

export function twilioSignature(secret: string, url: string, params: Readonly<Record<string, string>>): string {
  const names = Object.keys(params).sort();
  const signed = url + names.map((name) => `${name}${params[name]}`).join('');
  return createHmac('sha1', secret).update(signed, 'utf8').digest('base64');
}
