// What a queued message's record holds on disk, and the check of it when the journal is read.
// The fields and the `type` string are the journal's format: records written by any build read
// the same.
import type { PreparedRequest } from '../../../http/prepared-request';
import type { OutboxKind as ItemKind } from '../../../model';
import type { Operation } from '../../../operations';
import { isRecord } from '../../../parse/shape';

export type MessageOp = Extract<Operation, { idempotencyKey: string }>;

export interface MessagePayload {
  type: 'message';
  /** the key chosen at enqueue time; null = the profile's active key when sent */
  keyId: string | null;
  /** data only: a file source holds the staged file's path, never bytes */
  op: MessageOp;
  /** `${profileId}|${number}`: messages of one group are sent in enqueue order */
  group: string;
  /**
   * The request as built when it was queued (no key): what is sent, whatever the profile's
   * description says later. Absent for items queued by an older build: those are built from
   * the description when sent, as before.
   */
  request?: PreparedRequest;
  /**
   * The profile's base URL when it was queued: the service the message is for. An item
   * queued by an older build gets the base URL of the first pass that sees it.
   */
  baseUrl?: string;
  /** the person chose to send it as queued although the profile changed since (binding.ts) */
  release?: boolean;
}

/** the item kinds of queued messages, one per message operation */
export const MESSAGE_ITEM_KIND: Record<MessageOp['op'], ItemKind> = {
  'messages.text': 'send.text',
  'messages.media': 'send.media',
  'messages.audio': 'send.audio',
  'messages.template': 'send.template',
};

/** a stored message payload as read from the journal; null when it is not one */
export function readMessagePayload(p: Record<string, unknown>): MessagePayload | null {
  const valid = isRecord(p.op) && typeof p.group === 'string' && typeof (p.op as { idempotencyKey?: unknown }).idempotencyKey === 'string';
  return valid ? (p as unknown as MessagePayload) : null;
}
