// send:* channels: one-line adapters to the window's send session (its drafts' Idempotency-Keys
// and the sends in flight live there). "Copy cURL with key" is written to the clipboard by main:
// the key never travels to the window; that the key now sits in the clipboard is noted as a leak notice.
import { toCurl } from '../core/request/to-curl';
import { wireHref } from '../core/http/wire-url';
import type { SendProgress } from '../core/http/sender';
import { detectRemoteType } from '../core/media/remote-type';
import { SendSession } from '../core/messages/send-session';
import { activeProfileId } from './active-profile';
import type { SendDraft } from './contract';
import { draftOperation } from './draft-operation';
import type { DomainHandlers, Emit, HandlerCore, HandlerPlatform } from './handler-types';

export function createSendHandlers(
  core: HandlerCore,
  clipboard: HandlerPlatform['clipboard'],
  emit: Emit,
): DomainHandlers<'send'> & DomainHandlers<'media'> {
  const sending = new SendSession(core.messages);
  const draft = (d: SendDraft) => () => draftOperation(d, core.files);
  const progressOf = (requestId: string) => (p: SendProgress) => {
    if (p.kind === 'upload') emit('send:progress', { requestId, kind: 'upload', sentBytes: p.sentBytes, totalBytes: p.totalBytes });
    else
      emit('send:progress', { requestId, kind: 'waiting', retryAfterMs: p.retryAfterMs, attempt: p.attempt, maxAttempts: p.maxAttempts });
  };
  return {
    'send:preview': async (p) => {
      const { request, problems } = await sending.prepare(draft(p.draft));
      // a key pasted into the draft by mistake comes back as ***, like everywhere else main answers
      return { method: request.method, url: wireHref(request.url), curl: await core.leaks.scrubbed(toCurl(request)), problems };
    },
    'send:submit': (p) =>
      sending.submit(draft(p.draft), { requestId: p.requestId, again: p.again === true, onProgress: progressOf(p.requestId) }),
    'media:detect-type': ({ url }) => detectRemoteType(url, core.network),
    'send:cancel': async ({ requestId }) => {
      sending.cancel(requestId);
      return null;
    },
    'send:copy-curl': async ({ draft: d, withKey }) => {
      const { request } = await sending.prepare(draft(d));
      if (!withKey) {
        await clipboard.copy(toCurl(request));
        return { clearsAfterMs: null };
      }
      const profileId = await activeProfileId(core.profiles);
      const { command, used } = await core.keyAccess.withKey(profileId, null, async (key, _signal, meta) => ({
        command: toCurl(request, { key: { literal: key } }),
        used: meta,
      }));
      const clearsAfterMs = await clipboard.copySensitive(command);
      // the copy is what the person asked for; the notice says where the key now sits (clipboard history too)
      core.leaks.report(used, { kind: 'clipboard' });
      return { clearsAfterMs };
    },
  };
}
