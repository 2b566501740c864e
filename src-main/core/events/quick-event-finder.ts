// Finds what a payload says about quoted replies and reactions, beside the messages and states
// event-finder.ts finds in it: a message that quotes another (Meta's `context.id`, the default
// API's `replyTo`), and a reaction a contact put on a message or took back (Meta's
// `type: "reaction"` with `reaction: {message_id, emoji}`, the default API's
// `reaction: {messageId, emoji}`; an empty emoji takes it back). Pure: the payload in, the events out.
import { pathParts } from './path-parts';

export interface QuoteEvent {
  kind: 'quote';
  /** the message that quotes */
  messageId: string;
  quotedId: string;
}

export interface ReactionEvent {
  kind: 'reaction';
  /** the message reacted to */
  messageId: string;
  /** the contact who reacted, in digits */
  number: string;
  /** '' when the contact took the reaction back */
  emoji: string;
  at: string | null;
}

export type QuickEvent = QuoteEvent | ReactionEvent;

const QUOTE_FIELDS = ['context.id', 'context.message_id', 'replyTo', 'reply_to', 'quoted.id'];
const TARGET_FIELDS = ['message_id', 'messageId'];
const MAX_DEPTH = 12;
const MAX_ID = 256;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(obj: Json, path: string): unknown {
  let current: unknown = obj;
  for (const part of pathParts(path)) current = isObject(current) ? current[part] : undefined;
  return current;
}

function idAt(obj: Json, paths: readonly string[]): string | null {
  for (const path of paths) {
    const value = at(obj, path);
    if (typeof value === 'string' && value.trim() !== '' && value.length <= MAX_ID) return value;
  }
  return null;
}

function digits(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const bare = String(raw)
    .replace(/^whatsapp:/i, '')
    .replace(/@.*$/, '')
    .replace(/[\s()+.-]/g, '');
  return /^\d{6,20}$/.test(bare) ? bare : null;
}

function timeOf(raw: unknown): string | null {
  if (typeof raw === 'number' || (typeof raw === 'string' && /^\d{9,13}$/.test(raw))) {
    const n = Number(raw);
    return Number.isFinite(n) ? new Date(String(raw).length <= 10 ? n * 1000 : n).toISOString() : null;
  }
  if (typeof raw !== 'string') return null;
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

function reactionOf(obj: Json): ReactionEvent | null {
  const reaction = obj.reaction;
  if (!isObject(reaction)) return null;
  const messageId = idAt(reaction, TARGET_FIELDS);
  const number = digits(obj.from ?? obj.number);
  // an absent emoji is Meta's way of taking a reaction back too
  const emoji = reaction.emoji === undefined || reaction.emoji === null ? '' : reaction.emoji;
  if (messageId === null || number === null || typeof emoji !== 'string' || [...emoji].length > 16) return null;
  return { kind: 'reaction', messageId, number, emoji, at: timeOf(obj.timestamp ?? obj.at) };
}

function quoteOf(obj: Json): QuoteEvent | null {
  const messageId = idAt(obj, ['id', 'message_id', 'messageId']);
  const quotedId = idAt(obj, QUOTE_FIELDS);
  if (messageId === null || quotedId === null || messageId === quotedId) return null;
  return { kind: 'quote', messageId, quotedId };
}

/** every quote and reaction in the payload, in the order they appear */
export function findQuickEvents(payload: unknown): QuickEvent[] {
  const events: QuickEvent[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const reaction = reactionOf(value);
    if (reaction !== null) {
      events.push(reaction);
      return;
    }
    const quote = quoteOf(value);
    if (quote !== null) events.push(quote);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(payload, 0);
  return events;
}
