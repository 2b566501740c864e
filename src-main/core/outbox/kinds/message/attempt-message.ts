// One attempt to send a queued message: the request it was queued with, to the service it was
// queued for (binding.ts), or nothing at all when the profile changed since.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { CrmError, toErrorInfo } from '../../../errors';
import type { PreparedRequest } from '../../../http/prepared-request';
import { originOf } from '../../../keys/key-origin';
import { sentMessageOf } from '../../../messages/sent-message';
import type { Profile, SentMessage } from '../../../model';
import { buildRequest } from '../../../request/request-builder';
import type { AttemptContext } from '../../attempt-context';
import { sendOnce } from '../../attempt-context';
import type { Outcome, Streaks } from '../../policy';
import type { Binding } from './binding';
import { bindingOf } from './binding';
import type { MessagePayload } from './message-payload';
import { messageOutcome } from './message-policy';

/** what to do with the message now, given the profile as it is (builds today's request to compare) */
export async function currentBinding(payload: MessagePayload, profile: Profile): Promise<Binding> {
  const needsCurrent = payload.request !== undefined && payload.release !== true;
  const current = needsCurrent ? await buildRequest(payload.op, profile).catch(() => null) : null;
  return bindingOf(payload, profile, current);
}

/** an attempt's outcome; a sent one carries the message the service's answer describes (for the record of sent messages) */
export type MessageOutcome = Outcome<SentMessage>;

export async function attemptMessage(ctx: AttemptContext, payload: MessagePayload, streaks: Streaks): Promise<MessageOutcome> {
  const { op, keyId } = payload;
  const missing = await missingFile(payload);
  if (missing !== null) {
    return {
      kind: 'failed',
      error: {
        code: 'file_unreadable',
        message: `The file staged for this message (${missing}) was deleted before it could be sent; attach it again and send a new message.`,
      },
    };
  }
  // checked again here: the profile may have changed since the pass that picked it
  const binding = await currentBinding(payload, ctx.profile);
  if (binding.kind === 'held')
    return { kind: 'pending', reason: 'held', error: { code: 'conflict', message: binding.question }, delayMs: null };
  let request: PreparedRequest;
  try {
    request = binding.request ?? (await buildRequest(op, { ...ctx.profile, baseUrl: binding.base }));
  } catch (err) {
    return { kind: 'failed', error: toErrorInfo(err) };
  }
  const origin = originOf(binding.base) ?? undefined;
  let result;
  try {
    // The 'sending' record (attempts + 1, our claim) is already fsynced when we get here. If the
    // process dies after the server accepted this POST but before 'sent' is recorded, the next
    // holder sends it again with the SAME Idempotency-Key (stored with the operation for its
    // whole life) and the server replays its first answer: one message, not two.
    result = await ctx.keyAccess.withKey(
      ctx.profile.id,
      keyId,
      (key, keySignal, meta) => {
        // the key goes only to the origin it is bound to, whatever the key store checked
        if (origin !== undefined && meta.origin !== undefined && meta.origin !== null && meta.origin !== origin) {
          throw new CrmError('key_held_back', `The key "${meta.name}" is bound to ${meta.origin}, not to ${origin}.`);
        }
        return sendOnce(ctx, request, key, keySignal);
      },
      origin !== undefined ? { origin } : {},
    );
  } catch (err) {
    // withKey itself failed: no_key, key_revoked, key_held_back, keychain_unavailable
    if (err instanceof CrmError && err.code === 'key_held_back') {
      return {
        kind: 'failed',
        error: {
          code: 'key_held_back',
          message:
            `No saved key may be sent to ${origin ?? binding.base}, the service this message was queued for ` +
            `(${err.message.replace(/\.$/, '')}); it is not sent anywhere else. Cancel it, or add a key for that ` +
            `service and retry.`,
        },
      };
    }
    return messageOutcome(err, streaks, ctx.bounds, ctx.random);
  }
  // A 2xx is sent, even when its answer cannot be read (then there is no id to show), unless
  // its body says the service did not send it: a definite answer too, so the message is failed
  // with the service's reason, not retried as if nothing had come back.
  if (result.ok) {
    try {
      const message = sentMessageOf(op, ctx.profile, result.response);
      return { kind: 'sent', summary: message.id, detail: message };
    } catch (err) {
      return { kind: 'failed', error: toErrorInfo(err) };
    }
  }
  return messageOutcome(result.error, streaks, ctx.bounds, ctx.random);
}

async function missingFile(payload: MessagePayload): Promise<string | null> {
  const { op } = payload;
  const body = payload.request?.body;
  const path =
    body?.kind === 'json-with-file' ? body.filePath : 'source' in op.input && op.input.source.kind === 'file' ? op.input.source.path : null;
  if (path === null) return null;
  try {
    await stat(path);
    return null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return basename(path);
    return null; // other problems (permissions...) are reported by the builder with its own words
  }
}
