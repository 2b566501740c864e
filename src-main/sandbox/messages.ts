// Sent messages, in the order they were accepted; listings are newest first, optionally for
// one recipient number.
import { randomBytes } from 'node:crypto';
import type { MessageType } from './message-validation';
import type { PageMeta, Paging } from './paging';
import { pageMeta, pageRange } from './paging';

export interface Message {
  id: string;
  type: MessageType;
  number: string;
  status: 'queued';
  created_at: string;
  [field: string]: unknown;
}

export class MessageStore {
  private readonly all: Message[] = [];
  private readonly byNumber = new Map<string, Message[]>();

  constructor(private readonly onChange: () => void) {}

  /** `id` is the dialect's own message id when it has one (a wamid, an idMessage); API.md's is m_... */
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
    return message;
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
    const list = this.byNumber.get(message.number);
    if (list) list.push(message);
    else this.byNumber.set(message.number, [message]);
  }
}
