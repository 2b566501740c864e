// "Resend" on a logged request: main sends the request it prepared once more (with the key from
// the keychain and, for a send, a new Idempotency-Key). Anything but a GET changes something on
// the service (a second message, a second key), so the person confirms it first.
import type { RequestLogDetail } from '../../lib/api';
import { describeError, invoke } from '../../lib/api';
import { requestConfirm } from '../../ui/confirm-store';

export type ResendOutcome =
  { kind: 'sent'; message: string; entryId: string | null } | { kind: 'failed'; message: string } | { kind: 'kept'; message: string };

export async function resendEntry(entry: Pick<RequestLogDetail, 'id' | 'method' | 'path'>): Promise<ResendOutcome> {
  const what = `${entry.method} ${entry.path}`;
  if (entry.method !== 'GET') {
    const ok = await requestConfirm({
      title: 'Send this request again?',
      message:
        `${what} is sent to the service once more: a message goes out again, a key is made again. It gets a new ` +
        `Idempotency-Key, so the service treats it as a new request.`,
      confirmLabel: 'Send again',
      cancelLabel: 'Keep',
    });
    if (!ok) return { kind: 'kept', message: 'Not sent again.' };
  }
  const r = await invoke('log:resend', { id: entry.id });
  if (!r.ok) return { kind: 'failed', message: `Not sent again: ${describeError(r.error)}` };
  return {
    kind: 'sent',
    message: `Sent again: ${what} answered ${r.value.status}. It is the newest row of the log.`,
    entryId: r.value.entryId,
  };
}
