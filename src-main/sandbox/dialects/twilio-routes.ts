// The twilio dialect's routes (modelled on Twilio's Programmable Messaging for WhatsApp):
//   POST /2010-04-01/Accounts/{AccountSid}/Messages.json  form: To, From, Body, MediaUrl
//        -> 201 the Message resource (sid SM…, status queued)
//   GET  /2010-04-01/Accounts/{AccountSid}.json           -> 200 the Account resource
// Twilio has no contacts: every other path is 404 (20404). The stored message's id is its sid.
import { randomBytes } from 'node:crypto';
import { MESSAGE_BODY_LIMITS } from '../message-routes';
import type { Message } from '../messages';
import type { Route } from '../router';
import type { Body } from '../validate';
import { API_VERSION, accountRoute, accountUri, rfc2822 } from './twilio-account';
import { translateTwilioSend } from './twilio-send';
import { translatedSendRoute } from './translated-route';

/** A Message SID: `SM` and 32 hex digits. */
export function newMessageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

function messageResource(message: Message, body: Body, accountSid: string): Record<string, unknown> {
  const base = `${accountUri(accountSid)}/Messages/${message.id}`;
  const date = rfc2822(new Date(message.created_at));
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    body: typeof body.Body === 'string' ? body.Body : '',
    date_created: date,
    date_sent: null,
    date_updated: date,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: body.From,
    messaging_service_sid: null,
    num_media: body.MediaUrl === undefined ? '0' : '1',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: message.id,
    status: 'queued',
    subresource_uris: { media: `${base}/Media.json` },
    to: body.To,
    uri: `${base}.json`,
  };
}

export const twilioRoutes: Route[] = [
  // media is a URL, never uploaded: the text limit is enough
  translatedSendRoute(
    `/${API_VERSION}/Accounts/:AccountSid/Messages.json`,
    MESSAGE_BODY_LIMITS.text,
    translateTwilioSend,
    newMessageSid,
    (message, body, params) => messageResource(message, body, params.AccountSid!),
    { status: 201, encoding: 'form' },
  ),
  accountRoute,
];
