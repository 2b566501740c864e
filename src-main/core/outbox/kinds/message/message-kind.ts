// Queued messages: each goes to the service it was queued for (binding.ts), is held for the
// person when the profile changed since, and, once the service took it, is told to the record of
// sent messages by the process that recorded it.
import { CrmError, toErrorInfo } from '../../../errors';
import type { PreparedRequest } from '../../../http/prepared-request';
import type { Delivery } from '../../../messages/sent-record';
import type { OutboxItem, SentMessage } from '../../../model';
import { normalizePhone } from '../../../phone';
import type { OutboxService } from '../../../services';
import type { KindHost, OutboxKind } from '../outbox-kind';
import { plainKind } from '../outbox-kind';
import { attemptMessage, currentBinding } from './attempt-message';
import type { MessageOp } from './message-payload';
import * as m from './message-records';

const MESSAGE_OPS = new Set(['messages.text', 'messages.media', 'messages.audio', 'messages.template']);

/** What a queued message's record holds, checked and detached from the caller's objects. */
export function queuedMessageFields(input: MessageInput): Parameters<typeof m.addMessage>[1] {
  const op = input.op as MessageOp;
  if (!MESSAGE_OPS.has(op.op) || typeof op.idempotencyKey !== 'string' || op.idempotencyKey === '') {
    throw new CrmError('validation', 'Only message sends with an Idempotency-Key can be queued.');
  }
  // data only, detached from the caller's object (a file is its staged path, never bytes)
  const data = JSON.parse(JSON.stringify(op)) as MessageOp;
  // the request as built for the send that could not go (never holds a key): what is sent later
  const request = input.request ? (JSON.parse(JSON.stringify(input.request)) as PreparedRequest) : undefined;
  return {
    profileId: input.profileId,
    keyId: input.keyId,
    op: data,
    label: input.label,
    number: normalizePhone(op.input.number),
    request,
    baseUrl: input.baseUrl,
  };
}

export interface MessageKindDeps {
  /**
   * A queued message the service took, told once its 'sent' record is on disk (by the process
   * that recorded it), for this app's record of what it sent. Its failure is logged, never retried.
   */
  onDelivered?(delivery: Delivery): Promise<void> | void;
  log(line: string): void;
}

type MessageInput = Parameters<OutboxService['enqueueMessage']>[0];

/** queues a message through the engine's host (checked and detached first) */
export async function enqueueMessage(host: KindHost, input: MessageInput): Promise<OutboxItem> {
  const fields = queuedMessageFields(input);
  // a message bound to where its profile pointed then is offline when that address is
  const bound = input.baseUrl !== undefined ? host.offlineUntil(input.baseUrl) : undefined;
  return host.enqueue(input.profileId, (tx, at, offlineUntil) => m.addMessage(tx, fields, at, bound === undefined ? offlineUntil : bound));
}

export function messageKind(deps: MessageKindDeps): OutboxKind<'message', SentMessage> {
  return {
    ...plainKind,
    // messages to one recipient (of one profile) go in enqueue order
    groupOf: (r) => r.payload.group,
    // held for the person (the profile changed since it was queued): only retry or cancel moves it
    waitsForPerson: (reason) => (reason === 'held' ? 'person' : null),
    onRetry: (r) => m.retriedMessage(r.payload, r.item),

    async route(r, profile, host) {
      if (r.item.state !== 'pending') return undefined;
      const id = r.item.id;
      if (r.payload.baseUrl === undefined) {
        // queued by an older build: bound to where its profile points now
        await host
          .transact((tx) => m.bindBase(tx, id, profile.baseUrl))
          .catch((err: unknown) => {
            host.log(`outbox: could not record where ${id} goes: ${toErrorInfo(err).message}`);
          });
      }
      const binding = await currentBinding(r.payload, profile);
      if (binding.kind === 'send') {
        if (r.item.pendingReason === 'held') {
          const at = host.iso();
          await host.transact((tx) => m.unholdOp(tx, id, at)).catch(() => undefined);
        }
        return binding.base;
      }
      if (r.item.pendingReason !== 'held' || r.item.lastError?.message !== binding.question) {
        const at = host.iso();
        await host
          .transact((tx) => m.holdOp(tx, id, binding.question, at))
          .catch((err: unknown) => {
            host.log(`outbox: could not hold ${id}: ${toErrorInfo(err).message}`);
          });
      }
      return null;
    },

    async attempt(r, profile, streaks, contextAt, host) {
      const binding = await currentBinding(r.payload, profile);
      if (binding.kind === 'send') host.pinBase(r.item.id, binding.base);
      return attemptMessage(contextAt(host.baseOf(r) ?? profile.baseUrl), r.payload, streaks);
    },

    async afterRecorded(recorded, outcome) {
      // only the process whose record made it 'sent' tells, so a delivery is told once
      if (outcome.kind !== 'sent' || !outcome.detail || recorded.item.state !== 'sent') return;
      try {
        await deps.onDelivered?.({
          profileId: recorded.item.profileId,
          op: recorded.payload.op,
          message: outcome.detail,
          origin: 'outbox',
        });
      } catch (err) {
        deps.log(
          `outbox: a delivered message could not be told to the record of sent messages: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    },

    observe: () => undefined,
  };
}
