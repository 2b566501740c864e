// Everything the routes read and change, built from the options; `changed` is called after
// every change worth persisting (the event log is not: events belong to one run).
import { ContactStore } from './contacts';
import { EventLog } from './events/event-log';
import { IdempotencyStore } from './idempotency';
import { KeyStore } from './keys';
import { MessageStore } from './messages';
import { RateLimiter } from './rate-limit';
import { seedColumns } from './seed';
import { TemplateBook } from './template-book';

export interface SandboxState {
  keys: KeyStore;
  contacts: ContactStore;
  messages: MessageStore;
  idempotency: IdempotencyStore;
  limiter: RateLimiter;
  /** what happened to messages (statuses, replies), for the event stream */
  events: EventLog;
  /** the host a meta media lookup names the file's url on (the mediaHost event option); null: the lookup's own */
  mediaHost: () => string | null;
  /** the message templates the meta dialect manages (statuses change during a run, not saved) */
  templates: TemplateBook;
}

export interface StateOptions {
  contacts: number;
  seed: number;
  rate: number;
  burst: number;
  idempotencyTtlMs: number;
  /** how long a deleted key keeps authenticating, as on real services (default 0) */
  revokeDelayMs?: number;
}

export function createState(options: StateOptions, changed: () => void): SandboxState {
  return {
    keys: new KeyStore(changed, options.revokeDelayMs ?? 0),
    contacts: new ContactStore(seedColumns(options.contacts, options.seed)),
    messages: new MessageStore(changed),
    idempotency: new IdempotencyStore(options.idempotencyTtlMs, changed),
    limiter: new RateLimiter(options.rate, options.burst),
    events: new EventLog(),
    mediaHost: () => null,
    templates: new TemplateBook(),
  };
}
