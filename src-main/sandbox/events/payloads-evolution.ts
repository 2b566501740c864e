// Evolution API v2's webhooks (the evolution-v2 dialect), one JSON body per event, as an
// instance posts them: `messages.update` for a sent message's new state (Baileys' ack words;
// `keyId` the id the send answered, `messageId` Evolution's own row id, which matches nothing a
// send answered) and `messages.upsert` for what a contact sent (`key`, `pushName` and the
// message in Baileys' proto shape). Evolution signs nothing: the body carries the instance's
// `apikey`, here the webhook secret when one is set (signed as Evolution signs), else none.
import { createHash } from 'node:crypto';
import { SANDBOX_INSTANCE_ID } from '../dialects/evolution-contacts';
import { SANDBOX_INSTANCE } from '../dialects/evolution-routes';
import { JID_SUFFIX } from '../dialects/evolution-send';
import { SAMPLE_LOCATION } from './payloads-meta';
import type { SandboxEvent } from './event-types';

/** the sandbox instance's own WhatsApp number, as Evolution names the sender of every event */
export const EVOLUTION_INSTANCE_NUMBER = '5511900000000';

const ACKS: Readonly<Record<string, string>> = { sent: 'SERVER_ACK', delivered: 'DELIVERY_ACK', read: 'READ', failed: 'ERROR' };

const MEDIA_MESSAGES: Readonly<Record<string, string>> = {
  image: 'imageMessage',
  video: 'videoMessage',
  audio: 'audioMessage',
  document: 'documentMessage',
  sticker: 'stickerMessage',
};

/** the contact card a contact shares, as WhatsApp carries it: a vCard */
const SAMPLE_VCARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Bruno Lima',
  'TEL;type=CELL;waid=5511977771234:+55 11 97777-1234',
  'END:VCARD',
].join('\n');

type Received = Extract<SandboxEvent, { name: 'message.received' }>;

/** Evolution's row ids look like cuids; a stable one per event keeps a replayed body the same */
function rowId(event: SandboxEvent): string {
  return `cm${createHash('sha256').update(`evolution-row:${event.name}:${event.id}:${event.seq}`).digest('hex').slice(0, 23)}`;
}

function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** the message in Baileys' proto shape, and its type's name */
function content(event: Received): { messageType: string; message: Record<string, unknown> } {
  const ownJid = `${EVOLUTION_INSTANCE_NUMBER}${JID_SUFFIX}`;
  if (event.type === 'reaction') {
    const key = { remoteJid: `${event.number}${JID_SUFFIX}`, fromMe: true, id: event.inReplyTo };
    return { messageType: 'reactionMessage', message: { reactionMessage: { key, text: event.emoji ?? '' } } };
  }
  if (event.type === 'location') {
    const { latitude, longitude, name, address } = SAMPLE_LOCATION;
    const place = { degreesLatitude: latitude, degreesLongitude: longitude, name, address };
    return { messageType: 'locationMessage', message: { locationMessage: place } };
  }
  if (event.type === 'contacts') {
    return { messageType: 'contactMessage', message: { contactMessage: { displayName: 'Bruno Lima', vcard: SAMPLE_VCARD } } };
  }
  const key = event.media === null ? undefined : MEDIA_MESSAGES[event.type];
  if (key !== undefined && event.media !== null) {
    const file: Record<string, unknown> = { url: event.media.url, mimetype: event.media.mimetype };
    if (event.type === 'audio') file.ptt = true;
    else if (event.text !== '') file.caption = event.text;
    if (event.type === 'document') Object.assign(file, { fileName: event.media.fileName, title: event.media.fileName });
    return { messageType: key, message: { [key]: file } };
  }
  if (event.quotes === true) {
    const contextInfo = { stanzaId: event.inReplyTo, participant: ownJid, quotedMessage: { conversation: '' } };
    return { messageType: 'extendedTextMessage', message: { extendedTextMessage: { text: event.text, contextInfo } } };
  }
  return { messageType: 'conversation', message: { conversation: event.text } };
}

function eventData(event: SandboxEvent): Record<string, unknown> {
  const remoteJid = `${event.number}${JID_SUFFIX}`;
  if (event.name === 'message.status') {
    const status = ACKS[event.status] ?? 'PENDING';
    const ids = { messageId: rowId(event), keyId: event.id };
    return { ...ids, remoteJid, fromMe: true, participant: remoteJid, status, instanceId: SANDBOX_INSTANCE_ID };
  }
  return {
    key: { remoteJid, fromMe: false, id: event.id },
    pushName: event.profileName,
    // what the business's phone acknowledged of the incoming message: not a state of ours
    status: 'DELIVERY_ACK',
    ...content(event),
    messageTimestamp: unixSeconds(event.at),
    instanceId: SANDBOX_INSTANCE_ID,
    source: 'android',
  };
}

export function evolutionWebhookBody(event: SandboxEvent, url: string, apikey: string | null): Record<string, unknown> {
  return {
    event: event.name === 'message.status' ? 'messages.update' : 'messages.upsert',
    instance: SANDBOX_INSTANCE,
    data: eventData(event),
    destination: url,
    date_time: event.at.toISOString(),
    sender: `${EVOLUTION_INSTANCE_NUMBER}${JID_SUFFIX}`,
    server_url: new URL(url).origin,
    ...(apikey === null ? {} : { apikey }),
  };
}
