// What the sandbox reports about a conversation, before any channel gives it a shape: a sent
// message's new status, or a message the contact sent. `seq` orders them (the event stream's
// `id:`); the payload files turn one into each dialect's webhook body.
import type { MessageStatus } from '../messages';

/** the kinds of file a sandbox contact replies with (media-samples.ts holds one sample of each) */
export type ReplyMediaKind = 'image' | 'audio' | 'document';

/** Why a message failed, with what each dialect's payload needs. */
export interface FailReason {
  /** the dialect's code: 'outside_window', '131047', '63016' */
  code: string;
  /** a short name (Meta's error `title`) */
  title: string;
  /** the reason a person reads */
  message: string;
  /** a longer explanation (Meta's `error_data.details`) */
  details: string;
}

export interface StatusEvent {
  name: 'message.status';
  seq: number;
  /** the sent message's id as the send answered it (m_…, wamid.…, SM…) */
  id: string;
  number: string;
  status: Exclude<MessageStatus, 'queued'>;
  at: Date;
  error: FailReason | null;
}

export interface ReceivedEvent {
  name: 'message.received';
  seq: number;
  /** the incoming message's own id (in_…, wamid.…, SM…) */
  id: string;
  number: string;
  /** the contact's name when the number is a seeded contact, else the number */
  profileName: string;
  /** a location or a contact card carries no text of its own and no file (the meta payload gives them) */
  type: 'text' | ReplyMediaKind | 'reaction' | 'location' | 'contacts';
  /** the text, or a file's caption */
  text: string;
  /** the file a contact sent, at a public sandbox URL; null for a text */
  media: { url: string; mimetype: string; fileName: string } | null;
  at: Date;
  /** the id of the sent message this answers */
  inReplyTo: string;
  /** the answer quotes inReplyTo (replyQuotes) */
  quotes?: boolean;
  /** type 'reaction': the contact's emoji on inReplyTo ('' takes it back) */
  emoji?: string;
}

export type SandboxEvent = StatusEvent | ReceivedEvent;

/** An event before the log numbers it. */
export type NewEvent = Omit<StatusEvent, 'seq'> | Omit<ReceivedEvent, 'seq'>;
