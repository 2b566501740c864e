// The twilio dialect's playground: the three sends as form fields (Twilio has no contacts
// listing, so no List Contacts tab). From is Twilio's public WhatsApp sandbox sender.
import type { ExampleRequest } from './dialect';
import { EXAMPLE } from './example-values';
import { API_VERSION, SANDBOX_ACCOUNT_SID } from './twilio-account';

export const TWILIO_SENDER = 'whatsapp:+14155238886';

const path = `/${API_VERSION}/Accounts/${SANDBOX_ACCOUNT_SID}/Messages.json`;
const envelope = { To: `whatsapp:+${EXAMPLE.number}`, From: TWILIO_SENDER };

export const TWILIO_EXAMPLES: readonly ExampleRequest[] = [
  { id: 'text', method: 'POST', path, encoding: 'form', body: { ...envelope, Body: EXAMPLE.text } },
  { id: 'media', method: 'POST', path, encoding: 'form', body: { ...envelope, Body: EXAMPLE.caption, MediaUrl: EXAMPLE.documentUrl } },
  { id: 'audio', method: 'POST', path, encoding: 'form', body: { ...envelope, MediaUrl: EXAMPLE.audioUrl } },
];
