// One contact's conversation as the window shows it: what this app sent (with how far each
// message got, as the service's events told) and what the contact wrote, oldest first. Pure
// types and the 24-hour rule, shared by main and the window.
import type { MessageReactions, QuotedMessage } from './quick-answers';
import type { SendSender } from './send-sender';

/** how far a sent message got; null: the service has said nothing since it took it */
export type DeliveryStateShown = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

export interface ConversationItem {
  /** unique within the conversation */
  key: string;
  direction: 'out' | 'in';
  messageId: string | null;
  /** 'text', 'image', 'document', 'audio'... */
  kind: string;
  text: string | null;
  fileName: string | null;
  /** ISO 8601 */
  at: string;
  state: DeliveryStateShown | null;
  /** the service's reason, when the message failed */
  reason: string | null;
  /** a file the contact sent (its address stays in main: the window asks main for the bytes) */
  media: ItemMedia | null;
  /** the message this one quotes (a quoted reply); absent: it quotes none */
  quote?: QuotedMessage;
  /** the reactions on this message, ours and the contact's; absent: none */
  reactions?: MessageReactions;
  /** the place the contact shared, when the message is a location */
  location?: ItemLocation | null;
  /** the contact cards the contact shared, when the message is one */
  sharedContacts?: ItemContactCard[] | null;
  /** who made a send (the window, `crm`, the outbox, a replay); null: recorded before senders were kept; absent on replies */
  sender?: SendSender | null;
}

/** a contact card a contact shared */
export interface ItemContactCard {
  name: string;
  phones: string[];
  emails: string[];
  company: string | null;
}

/** a place a contact shared */
export interface ItemLocation {
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
}

/** how far the download of a file the service named by id got (main keeps the file in the data folder) */
export interface ItemDownload {
  state: 'pending' | 'stored' | 'failed';
  /** why it failed, or why the last try did while it is pending */
  reason: string | null;
  /** the stored file's size in bytes */
  bytes: number | null;
  /**
   * failed because the service keeps the file on this other origin, where the key is not sent
   * until the person allows it (the line offers to); absent or null otherwise
   */
  refusedOrigin?: string | null;
}

export interface ItemMedia {
  mimetype: string | null;
  fileName: string | null;
  /**
   * how the window may show it: 'preview' (main hands an image's or audio's bytes), 'link' (opened
   * in the browser), 'file' (a stored file main opens with the OS), 'pending' (being downloaded),
   * 'none' (the service gave no address, or the download failed)
   */
  show: 'preview' | 'link' | 'none' | 'file' | 'pending';
  /** the download by media id, when the service named the file so */
  download?: ItemDownload | null;
}

/** what came of "Allow the key there for files…" on a failed download's line */
export interface FileOriginAllowed {
  /** false: the person said no (or nobody could be asked); nothing changed */
  allowed: boolean;
  /** the origin asked about, as main's record of the download names it */
  origin: string;
  /** the profile's downloads refused for that origin that start over (this message's among them) */
  retried: number;
}

/** an image or audio a contact sent, as main downloaded it, for an <img> or <audio> */
export interface MediaPreview {
  /** data:<type>;base64,... (the window's CSP allows data: for img-src and media-src) */
  dataUrl: string;
  mimetype: string;
  bytes: number;
}

/** a line of any of the profile's conversations, with the contact's number (digits) */
export type NumberedItem = ConversationItem & { number: string };

export interface Conversation {
  profileId: string;
  /** digits */
  number: string;
  /** the contact's name as the service gave it with a message, when it did */
  name: string | null;
  items: ConversationItem[];
  /** when the contact last wrote (ISO 8601), or null when it never did (as far as this app heard) */
  lastReceivedAt: string | null;
  /** true while a free-form message may be sent: the contact wrote within the last 24 hours */
  insideWindow: boolean;
}

/** WhatsApp's customer-service window: free-form messages only within 24 h of the contact's last message */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export function isInsideWindow(lastReceivedAt: string | null, now: Date): boolean {
  if (lastReceivedAt === null) return false;
  const last = Date.parse(lastReceivedAt);
  return !Number.isNaN(last) && now.getTime() - last < SERVICE_WINDOW_MS;
}

/** where a profile's service should post its webhooks, as the window shows it (never a secret) */
export interface WebhookInfo {
  /** the local address for this profile; null when the listener is not running */
  url: string | null;
  /** why the listener is not running (a port in use...), or null */
  problem: string | null;
  /** a webhook secret is set: unsigned or wrongly signed posts are refused */
  signed: boolean;
  /** a verify token is set: Meta's subscription handshake is answered */
  verifyToken: boolean;
  /** a post for this profile reached the listener through a tunnel (since the window started) */
  throughTunnel: boolean;
  /** what the person should know about who can post (unsigned and reachable from the internet), or null */
  warning: string | null;
  /** a reply or a delivery state of this profile's service ever reached the app (webhook, stream or status route) */
  eventsArrived: boolean;
}

/**
 * An unsigned profile whose posts come through a tunnel takes messages and delivery states from
 * anyone on the internet who learns the tunnel's address: the window says so until a secret is set.
 */
export function unsignedWebhookWarning(signed: boolean, throughTunnel: boolean): string | null {
  if (signed || !throughTunnel) return null;
  return (
    "Posts reach this profile through a tunnel and are not signed: anyone who learns the tunnel's address can put messages " +
    'and delivery states here. Set the webhook secret.'
  );
}
