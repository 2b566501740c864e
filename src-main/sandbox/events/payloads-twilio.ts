// Twilio's webhooks (the twilio dialect), form fields as Twilio POSTs them: a status callback
// (MessageStatus, with ErrorCode when it failed) or an incoming message (Body, From as
// whatsapp:+E164). Addresses carry the whatsapp: prefix; the business side is the sender the
// playground shows, the account the sandbox's example account (the send's own are not stored).
import { API_VERSION, SANDBOX_ACCOUNT_SID } from '../dialects/twilio-account';
import { TWILIO_SENDER } from '../dialects/twilio-examples';
import type { SandboxEvent } from './event-types';

export function twilioWebhookParams(event: SandboxEvent): Record<string, string> {
  const contact = `whatsapp:+${event.number}`;
  if (event.name === 'message.status') {
    const params: Record<string, string> = {
      AccountSid: SANDBOX_ACCOUNT_SID,
      ApiVersion: API_VERSION,
      ChannelPrefix: 'whatsapp',
      From: TWILIO_SENDER,
      MessageSid: event.id,
      MessageStatus: event.status,
      SmsSid: event.id,
      SmsStatus: event.status,
      To: contact,
    };
    if (event.error !== null) {
      params.ErrorCode = event.error.code;
      params.ErrorMessage = event.error.message;
    }
    return params;
  }
  const media: Record<string, string> =
    event.media === null ? { NumMedia: '0' } : { NumMedia: '1', MediaContentType0: event.media.mimetype, MediaUrl0: event.media.url };
  return {
    AccountSid: SANDBOX_ACCOUNT_SID,
    ApiVersion: API_VERSION,
    Body: event.text,
    From: contact,
    MessageSid: event.id,
    MessageType: event.type,
    ...media,
    NumSegments: '1',
    ProfileName: event.profileName,
    SmsMessageSid: event.id,
    SmsSid: event.id,
    SmsStatus: 'received',
    To: TWILIO_SENDER,
    WaId: event.number,
  };
}
