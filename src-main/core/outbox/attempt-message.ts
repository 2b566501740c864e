// One attempt to send a queued message.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { toErrorInfo } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import { sentMessageOf } from '../messages/sent-message';
import { buildRequest } from '../request-builder';
import type { AttemptContext } from './attempt-context';
import { sendOnce } from './attempt-context';
import type { Outcome, Streaks } from './policy';
import { messageOutcome } from './policy';
import type { MessageOp } from './records';

export async function attemptMessage(ctx: AttemptContext, op: MessageOp, keyId: string | null, streaks: Streaks): Promise<Outcome> {
  const missing = await missingFile(op);
  if (missing !== null) {
    return {
      kind: 'failed',
      error: { code: 'file_unreadable', message: `The file staged for this message (${missing}) was deleted before it could be sent; attach it again and send a new message.` },
    };
  }
  let request: PreparedRequest;
  try {
    request = await buildRequest(op, ctx.profile);
  } catch (err) {
    return { kind: 'failed', error: toErrorInfo(err) };
  }
  let result;
  try {
    // The 'sending' record (attempts + 1, our claim) is already fsynced when we get here. If the
    // process dies after the server accepted this POST but before 'sent' is recorded, the next
    // holder sends it again with the SAME Idempotency-Key (stored with the operation for its
    // whole life) and the server replays its first answer: one message, not two.
    result = await ctx.keyAccess.withKey(ctx.profile.id, keyId, (key, keySignal) => sendOnce(ctx, request, key, keySignal));
  } catch (err) {
    // withKey itself failed: no_key, key_revoked, keychain_unavailable
    return messageOutcome(err, streaks, ctx.bounds, ctx.random);
  }
  // A 2xx is sent, even when its answer cannot be read (then there is no id to show), unless
  // its body says the service did not send it: a definite answer too, so the message is failed
  // with the service's reason, not retried as if nothing had come back.
  if (result.ok) {
    try {
      const message = sentMessageOf(op, ctx.profile, result.response);
      return { kind: 'sent', summary: message.id, message };
    } catch (err) {
      return { kind: 'failed', error: toErrorInfo(err) };
    }
  }
  return messageOutcome(result.error, streaks, ctx.bounds, ctx.random);
}

async function missingFile(op: MessageOp): Promise<string | null> {
  if (op.op === 'messages.text' || op.input.source.kind !== 'file') return null;
  const path = op.input.source.path;
  try {
    await stat(path);
    return null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return basename(path);
    return null; // other problems (permissions...) are reported by the builder with its own words
  }
}
