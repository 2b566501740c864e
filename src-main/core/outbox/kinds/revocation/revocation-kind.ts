// Key revocations on the server: they go to their profile's service, may wait for a saved key
// that can manage keys, may wait for a rolled key's grace to end (schedule.ts), are never pruned
// from the journal, and each change of their state on disk is reported once to the revocation
// listeners (revocation-reports.ts), which never write it anywhere else.
import type { RevocationInput } from '../../../services';
import * as m from '../../mutations';
import type { KindHost, OutboxKind } from '../outbox-kind';
import { plainKind } from '../outbox-kind';
import { attemptRevocation } from './attempt-revocation';
import type { RevocationDeps } from './revocation-deps';
import type { RevocationPayload } from './revocation-payload';
import { addProof, retriedRevocation, saveServerKeyId, withRefusedKeys } from './revocation-records';
import { RevocationReports } from './revocation-reports';
import { payloadNotBefore } from './schedule';

/** only the fields the record has: nothing else a caller passes is ever written */
export function revocationFields(input: RevocationInput): RevocationInput {
  const notBefore =
    input.notBefore !== undefined && Number.isFinite(Date.parse(input.notBefore)) ? new Date(input.notBefore).toISOString() : undefined;
  return {
    profileId: input.profileId,
    localKeyId: input.localKeyId,
    serverKeyId: input.serverKeyId,
    origin: input.origin ?? null,
    label: input.label,
    ...(notBefore !== undefined ? { notBefore } : {}),
  };
}

/**
 * Whether a revocation waiting for a key could now use one not tried yet: `candidateKeys` are the
 * profile's active key and its saved keys known to hold keys:manage.
 */
export function hasUntriedKey(payload: RevocationPayload, candidateKeys: readonly string[]): boolean {
  return candidateKeys.some((id) => id !== payload.localKeyId && !payload.refusedKeys.includes(id));
}

export interface RevocationKind extends OutboxKind<'revocation', string[]> {
  readonly reports: RevocationReports;
}

export function revocationKind({ revocationKeys, adminKeyIds }: RevocationDeps, host: KindHost): RevocationKind {
  const reports = new RevocationReports({
    revocationKeys,
    markFinalized: (id) => host.transact((tx) => m.markFinalized(tx, id)),
    // only a value still kept can be tried (a key revoked while the keychain was locked has none)
    startProof: async (revocation) => {
      const localKeyId = revocation.payload.type === 'revocation' ? revocation.payload.localKeyId : null;
      if (localKeyId === null || (await revocationKeys.get(localKeyId)) === null) return;
      const at = host.iso();
      await host.transact((tx) => addProof(tx, revocation, at));
    },
    log: (line) => host.log(line),
  });
  const adminKeysOf = (profileId: string): Promise<string[]> => (adminKeyIds?.(profileId) ?? Promise.resolve([])).catch(() => []);
  return {
    ...plainKind,
    reports,
    route: () => Promise.resolve(undefined),
    // each revocation is its own group: it waits for nothing else in the queue
    groupOf: (r) => `rev:${r.item.id}`,
    notBefore: payloadNotBefore,
    // no key here could do it: it waits for the person (retry) or a key not tried yet
    waitsForPerson: (reason) => (reason === 'needs_admin_key' ? 'change' : null),

    async unblocked(r, profile, memo) {
      // only a revocation waiting for a key asks for the keys (reading them costs a metadata read, once per pass and profile)
      if (r.item.state !== 'pending' || r.item.pendingReason !== 'needs_admin_key') return false;
      const admins = await memo(`admin-keys:${profile.id}`, () => adminKeysOf(profile.id));
      return hasUntriedKey(r.payload, [...(profile.activeKeyId !== null ? [profile.activeKeyId] : []), ...admins]);
    },

    onRetry: (r) => retriedRevocation(r.payload),
    onPending: withRefusedKeys,

    attempt(r, profile, streaks, contextAt) {
      const id = r.item.id;
      const context = {
        ...contextAt(profile.baseUrl),
        revocationKeys,
        adminKeyIds: () => adminKeyIds?.(profile.id) ?? Promise.resolve([]),
        saveServerKeyId: async (serverKeyId: string) => {
          await host.transact((tx) => saveServerKeyId(tx, id, host.holder, serverKeyId));
        },
      };
      return attemptRevocation(context, r.payload, streaks);
    },

    afterRecorded: () => Promise.resolve(),

    observe: (r) => reports.report(r),
  };
}
