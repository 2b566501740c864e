// The window's sends: one draft per panel (text, media, audio), each with its Idempotency-Key
// (draft-keys.ts), and the requests in flight, each cancellable by its request id. The IPC
// handlers are one-line adapters to this; the CLI sends directly through MessageService.
import { randomUUID } from 'node:crypto';
import { CrmError } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import type { SendProgress } from '../http/sender';
import type { RequestProblem, SendResult } from '../model';
import type { Operation } from '../operations';
import type { MessageService } from '../services';
import { DraftKeys, verdictOf } from './draft-keys';

export type MessageOp = Extract<Operation, { idempotencyKey: string }>;
/** a send operation before its draft's Idempotency-Key is put in */
export type UnkeyedOp = MessageOp extends infer O ? (O extends MessageOp ? Omit<O, 'idempotencyKey'> : never) : never;

export interface SubmitOptions {
  /** the window's id for this send, for send:cancel and progress events */
  requestId: string;
  /** the person asked to send the same message once more, right after it was sent */
  again?: boolean;
  onProgress?: (progress: SendProgress) => void;
}

export const ALREADY_SENDING = 'This request is already being sent.';
export const JUST_SENT = 'This message was just sent. Change it, or choose "Send again" to send it once more.';

export class SendSession {
  private readonly inFlight = new Map<string, AbortController>();
  private readonly keys: DraftKeys;

  constructor(
    private readonly messages: Pick<MessageService, 'send' | 'prepare'>,
    mint: () => string = randomUUID,
  ) {
    this.keys = new DraftKeys(mint);
  }

  /** the operation with the key its next send would carry: what the preview and the cURL show */
  async keyed(build: () => Promise<UnkeyedOp>): Promise<MessageOp> {
    const unkeyed = await build();
    return withKey(unkeyed, this.keys.keyFor(unkeyed.op, contentOf(unkeyed)));
  }

  async prepare(build: () => Promise<UnkeyedOp>): Promise<{ request: PreparedRequest; problems: RequestProblem[] }> {
    return this.messages.prepare(await this.keyed(build));
  }

  async submit(build: () => Promise<UnkeyedOp>, options: SubmitOptions): Promise<SendResult> {
    const { requestId } = options;
    if (this.inFlight.has(requestId)) throw new CrmError('conflict', ALREADY_SENDING);
    const controller = new AbortController();
    this.inFlight.set(requestId, controller);
    // everything after the claim is inside try/finally: whatever fails, the request id is free again
    try {
      const unkeyed = await build();
      const panel = unkeyed.op;
      const content = contentOf(unkeyed);
      if (options.again !== true && this.keys.wasJustSent(panel, content)) throw new CrmError('conflict', JUST_SENT);
      const key = this.keys.keyFor(panel, content);
      let result: SendResult;
      try {
        result = await this.messages.send(withKey(unkeyed, key), {
          signal: controller.signal,
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        });
      } catch (err) {
        this.keys.settle(panel, content, key, verdictOf({ ok: false, error: err }), false);
        throw err;
      }
      this.keys.settle(panel, content, key, verdictOf({ ok: true, result }), true);
      return result;
    } finally {
      this.inFlight.delete(requestId);
    }
  }

  cancel(requestId: string): void {
    this.inFlight.get(requestId)?.abort();
  }
}

function withKey(op: UnkeyedOp, idempotencyKey: string): MessageOp {
  return { ...op, idempotencyKey } as MessageOp;
}

/** what makes two drafts the same message (compared in memory only) */
function contentOf(op: UnkeyedOp): string {
  return JSON.stringify(op);
}
