// Quoted replies and reactions: a reply that quotes a message (its quote recorded once the
// service took it), a reaction put on a message or taken back, and what the service's events
// say of both (quick-event-finder.ts). Sends go through the one request builder; a profile whose
// description has no place for the quote or no reaction operation is refused before anything is
// sent, with the reason, never sent without what was asked.
import { CrmError } from '../errors';
import { findQuickEvents } from '../events/quick-event-finder';
import { failureInSuccess } from '../api/errors/failure-in-success';
import type { HttpSender } from '../http/sender';
import { callWithKey } from '../keys/api-call';
import type { SendResult } from '../model';
import { normalizePhone } from '../phone';
import type { ProfileManager } from '../profiles/profile-manager';
import { buildRequest } from '../request/request-builder';
import { isOffered } from '../request/operation-spec';
import type { KeyAccess, MessageService } from '../services';
import type { QuickAnswerTables } from '../store/tables/quick-answer-tables';
import type { ConversationItem } from '../../shared/conversation';
import { randomUUID } from 'node:crypto';
import type { Delivery } from '../messages/sent-record';

export interface QuickAnswersDeps {
  tables: QuickAnswerTables;
  profiles: Pick<ProfileManager, 'resolve'>;
  keyAccess: KeyAccess;
  sender: HttpSender;
  messages: Pick<MessageService, 'send'>;
  /** a conversation changed (a quote or a reaction was stored) */
  announce: (profileId: string) => void;
  now?: () => Date;
  /** throws when the input holds a saved key's value (KeyLeaks.refuseKeysIn): nothing is sent or stored */
  refuseKeysIn?: (input: unknown) => Promise<void>;
}

/** what the window and crm ask for a quoted reply */
export interface ReplyInput {
  profileId?: string;
  number: string;
  text: string;
  /** the id of the message quoted; absent: a plain reply */
  replyTo?: string;
}

export interface ReactInput {
  profileId?: string;
  number: string;
  messageId: string;
  /** '' takes our reaction back */
  emoji: string;
}

export const NO_REACTIONS =
  "This service's API description has no Send Reaction: import its reaction example in Profiles → API (crm profiles import-curl --operation reaction)";

export class QuickAnswers {
  private readonly now: () => Date;

  constructor(private readonly deps: QuickAnswersDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** sends the reply (queued like any text when the service cannot be reached); its quote is recorded as it is delivered (noteSent) */
  async reply(input: ReplyInput): Promise<SendResult> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    const textInput = { number: input.number, text: input.text, ...(input.replyTo === undefined ? {} : { replyTo: input.replyTo }) };
    return this.deps.messages.send({ op: 'messages.text', input: textInput, idempotencyKey: randomUUID() }, { profileId: profile.id });
  }

  /** told of every send the service took (now or from the outbox): a quoted reply's quote is kept under the new message's id */
  noteSent(delivery: Delivery): void {
    const { op, message, profileId } = delivery;
    if (op.op !== 'messages.text' || op.input.replyTo === undefined || message.id === null) return;
    if (this.deps.tables.putQuotes(profileId, [{ messageId: message.id, quotedId: op.input.replyTo }]) > 0) this.deps.announce(profileId);
  }

  /** puts our reaction on a message (or takes it back with ''); stored once the service took it */
  async react(input: ReactInput): Promise<{ emoji: string }> {
    const profile = await this.deps.profiles.resolve(input.profileId);
    if (!isOffered(profile, 'messages.reaction'))
      throw new CrmError('validation', NO_REACTIONS, { details: [{ field: 'emoji', message: NO_REACTIONS }] });
    const request = await buildRequest(
      { op: 'messages.reaction', input: { number: input.number, messageId: input.messageId, emoji: input.emoji } },
      profile,
    );
    await this.deps.refuseKeysIn?.({ messageId: input.messageId, emoji: input.emoji });
    const response = await callWithKey({ keyAccess: this.deps.keyAccess, sender: this.deps.sender }, profile, null, request);
    const failure = failureInSuccess(response.json);
    if (failure !== null)
      throw new CrmError('refused_by_service', `The service did not take the reaction: ${failure.message ?? `HTTP ${response.status}`}`, {
        status: response.status,
      });
    const stored = this.deps.tables.putReactions(profile.id, [
      { messageId: input.messageId, by: 'us', emoji: input.emoji, at: this.now().toISOString() },
    ]);
    if (stored.length > 0) this.deps.announce(profile.id);
    return { emoji: input.emoji };
  }

  /** stores the quotes and reactions a payload of the profile's service carries; returns the numbers whose conversation changed */
  receive(profileId: string, payload: unknown): { found: number; numbers: (string | null)[] } {
    const events = findQuickEvents(payload);
    if (events.length === 0) return { found: 0, numbers: [] };
    const now = this.now().toISOString();
    const quotes = events.flatMap((e) => (e.kind === 'quote' ? [{ messageId: e.messageId, quotedId: e.quotedId }] : []));
    const reactions = events.flatMap((e) =>
      e.kind === 'reaction' ? [{ messageId: e.messageId, by: 'contact' as const, emoji: e.emoji, at: e.at ?? now, number: e.number }] : [],
    );
    const numbers: (string | null)[] = [];
    if (this.deps.tables.putQuotes(profileId, quotes) > 0) numbers.push(null);
    const changed = this.deps.tables.putReactions(
      profileId,
      reactions.map(({ number: _number, ...row }) => row),
    );
    for (const row of changed) numbers.push(normalizePhone(reactions.find((r) => r.messageId === row.messageId)?.number ?? '') || null);
    // a quote rides on a received message event-finder.ts already counted
    return { found: reactions.length, numbers: [...new Set(numbers)] };
  }

  /** the conversation's lines with what each quotes and the reactions on it */
  decorate(profileId: string, items: readonly ConversationItem[]): ConversationItem[] {
    const ids = items.flatMap((i) => (i.messageId === null ? [] : [i.messageId]));
    const quotes = this.deps.tables.quotesOf(profileId, ids);
    const reactions = this.deps.tables.reactionsOf(profileId, ids);
    if (quotes.size === 0 && reactions.size === 0) return [...items];
    const byId = new Map(items.flatMap((i) => (i.messageId === null ? [] : [[i.messageId, i] as const])));
    return items.map((item) => {
      if (item.messageId === null) return item;
      const quotedId = quotes.get(item.messageId);
      const found = quotedId === undefined ? undefined : byId.get(quotedId);
      const quote =
        quotedId === undefined
          ? undefined
          : {
              messageId: quotedId,
              text: found === undefined ? null : (found.text ?? found.fileName ?? `(${found.kind})`),
              direction: found?.direction ?? null,
            };
      const on = reactions.get(item.messageId);
      return { ...item, ...(quote ? { quote } : {}), ...(on ? { reactions: on } : {}) };
    });
  }
}
