// Sent messages, in the order they were accepted; listings are newest first, optionally for
// one recipient number. A message's status changes after it is stored (events/status-clock.ts
// plays the recipient's side), so listeners hear of each new message and setStatus() records
// what happened to it.
import { randomBytes } from 'node:crypto';
import type { MessageType } from './message-validation';
import type { PageMeta, Paging } from './paging';
import { pageMeta, pageRange } from './paging';

export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/** Why a message ended `failed`, in docs/API.md's error shape (the dialect's own code, as a string). */
export interface MessageError {
  code: string;
  message: string;
}

export interface Message {
  id: string;
  type: MessageType;
  number: string;
  status: MessageStatus;
  /** set when status is `failed` */
  error?: MessageError;
  created_at: string;
  [field: string]: unknown;
}

export class MessageStore {
  private readonly all: Message[] = [];
  private readonly byNumber = new Map<string, Message[]>();
  private readonly byId = new Map<string, Message>();
  private readonly listeners = new Set<(message: Message) => void>();

  constructor(private readonly onChange: () => void) {}

  /** `id` is the dialect's own message id when it has one (a wamid, an idMessage); docs/API.md's is m_... */
  add(type: MessageType, fields: Record<string, unknown>, now = new Date(), id = `m_${randomBytes(10).toString('hex')}`): Message {
    const message: Message = {
      id,
      type,
      number: String(fields.number),
      status: 'queued',
      created_at: now.toISOString(),
    };
    for (const [name, value] of Object.entries(fields)) if (name !== 'number' && value !== undefined) message[name] = value;
    this.insert(message);
    this.onChange();
    for (const listener of this.listeners) listener(message);
    return message;
  }

  /** Called with each message accepted from now on (not with restored ones); returns the unsubscribe. */
  onAdded(listener: (message: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(id: string): Message | undefined {
    return this.byId.get(id);
  }

  /** Records a new status; false when the id is unknown. */
  setStatus(id: string, status: MessageStatus, error: MessageError | null = null): boolean {
    const message = this.byId.get(id);
    if (message === undefined) return false;
    message.status = status;
    if (error !== null) message.error = { ...error };
    this.onChange();
    return true;
  }

  page(paging: Paging, number?: string): { data: Message[]; meta: PageMeta } {
    const list = number === undefined ? this.all : (this.byNumber.get(number) ?? []);
    const { start, end } = pageRange(paging, list.length);
    const data: Message[] = [];
    // newest first: index 0 of the page is the last one inserted
    for (let i = start; i < end; i += 1) data.push(list[list.length - 1 - i]!);
    return { data, meta: pageMeta(paging, list.length) };
  }

  get count(): number {
    return this.all.length;
  }

  snapshot(): Message[] {
    return this.all;
  }

  restore(messages: readonly Message[]): void {
    for (const message of messages) this.insert(message);
  }

  private insert(message: Message): void {
    this.all.push(message);
    this.byId.set(message.id, message);
    const list = this.byNumber.get(message.number);
    if (list) list.push(message);
    else this.byNumber.set(message.number, [message]);
  }
}
