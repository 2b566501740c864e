// One send as this app's record keeps it, made from what was sent and what the service answered.
// Pure. It keeps no key value: every text is scrubbed of the keys the process holds BEFORE it is
// cut (docs/ARCHITECTURE.md, rule 1), a file is kept by its name only (never its bytes or path),
// and a URL by the last part of its path (a signed URL's query never reaches the disk).
import { cutChars } from '../../shared/format';
import type { HistoryKind, MessageOrigin } from '../../shared/message-history';
import { SEND_SENDERS, senderOf, type SendSender } from '../../shared/send-sender';
import type { SentMessage } from '../model';
import type { Operation } from '../operations';
import { templateSummary } from '../../shared/template-rules';
import { normalizePhone } from '../phone';

export type SendOp = Extract<Operation, { idempotencyKey: string }>;

/** A send the service took (a 2xx), as the message service or the outbox tells it. */
export interface Delivery {
  profileId: string;
  op: SendOp;
  message: SentMessage;
  origin: MessageOrigin;
  /** who made it, when not the recording process's own send panel or command (a replay says so) */
  sender?: SendSender;
}

/** Whoever keeps the record; told of every successful send. */
export interface SendRecorder {
  record(delivery: Delivery): Promise<void>;
}

export interface SentRecord {
  /** the record's own id (r_...), so two sends with one message id stay apart */
  id: string;
  profileId: string;
  kind: HistoryKind;
  number: string;
  text: string | null;
  fileName: string | null;
  status: string;
  /** when the service's answer came (ISO 8601) */
  at: string;
  messageId: string | null;
  origin: MessageOrigin;
  /** who made the send; null or absent: recorded before senders were kept */
  sender?: SendSender | null;
}

/** enough to recognise a message in a list; the service's own listing has the whole text */
export const RECORD_TEXT_CHARS = 1000;
const FILE_NAME_CHARS = 200;
const SHORT_CHARS = 200;

/** `id`: the record's own (see SentRecordStore.newId); `process`: the kind of process recording it */
export function sentRecordOf(
  delivery: Delivery,
  scrub: (text: string) => string,
  at: Date,
  id: string,
  process: 'window' | 'crm' = 'window',
): SentRecord {
  const { op, message } = delivery;
  const clean = (text: string | null | undefined, max: number): string | null =>
    text === undefined || text === null || text === '' ? null : cutChars(scrub(text), max);
  return {
    id,
    profileId: delivery.profileId,
    kind: kindOf(op),
    number: normalizePhone(op.input.number),
    text: clean(textOf(op), RECORD_TEXT_CHARS),
    fileName: clean(fileNameOf(op), FILE_NAME_CHARS),
    status: clean(message.status, SHORT_CHARS) ?? 'sent',
    at: at.toISOString(),
    messageId: clean(message.id, SHORT_CHARS),
    origin: delivery.origin,
    sender: delivery.sender ?? senderOf(delivery.origin, process),
  };
}

function kindOf(op: SendOp): HistoryKind {
  if (op.op === 'messages.text') return 'text';
  if (op.op === 'messages.audio') return 'audio';
  if (op.op === 'messages.template') return 'template';
  return op.input.mediatype;
}

function textOf(op: SendOp): string | undefined {
  if (op.op === 'messages.text') return op.input.text;
  if (op.op === 'messages.media') return op.input.caption;
  if (op.op === 'messages.template') return templateSummary(op.input);
  return undefined;
}

function fileNameOf(op: SendOp): string | undefined {
  if (op.op === 'messages.text' || op.op === 'messages.template') return undefined;
  if (op.op === 'messages.media' && op.input.fileName !== undefined && op.input.fileName.trim() !== '') return op.input.fileName;
  const source = op.input.source;
  return lastSegment(source.kind === 'file' ? source.path : urlPath(source.url));
}

function urlPath(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return '';
  }
}

function lastSegment(path: string): string | undefined {
  return path
    .split(/[/\\]/)
    .filter((part) => part !== '')
    .pop();
}

/** at most `max` characters (whole code points), with an ellipsis when something was cut */

const ORIGINS: readonly string[] = ['sent', 'outbox', 'replayed'];
const KINDS: readonly string[] = ['text', 'image', 'video', 'document', 'sticker', 'audio', 'template'];

/** a record as read back from disk: anything else (a hand edit, a damaged line) is left out */
export function isSentRecord(value: unknown): value is SentRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const text = (v: unknown): boolean => typeof v === 'string';
  const maybe = (v: unknown): boolean => v === null || typeof v === 'string';
  return (
    text(r.id) &&
    text(r.profileId) &&
    KINDS.includes(r.kind as string) &&
    text(r.number) &&
    maybe(r.text) &&
    maybe(r.fileName) &&
    text(r.status) &&
    text(r.at) &&
    maybe(r.messageId) &&
    ORIGINS.includes(r.origin as string) &&
    (r.sender === undefined || r.sender === null || (SEND_SENDERS as readonly unknown[]).includes(r.sender))
  );
}
