// Key revocations on the server: they go to their profile's service, may wait for a saved key
// that can manage keys, and each change of their state on disk is reported once to the
// revocation listeners (revocation-reports.ts), which never write it anywhere else.
import type { RevocationInput } from '../../../services';
import type { OutboxDeps } from '../../deps';
import * as m from '../../mutations';
import { attemptRevocation } from './attempt-revocation';
import { addProof } from './revocation-records';
import { RevocationReports } from './revocation-reports';
import type { KindHost, OutboxKind } from '../outbox-kind';

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

export interface RevocationKind extends OutboxKind<'revocation'> {
  readonly reports: RevocationReports;
}

export function revocationKind(
  { revocationKeys, adminKeyIds }: Pick<OutboxDeps, 'revocationKeys' | 'adminKeyIds'>,
  host: KindHost,
): RevocationKind {
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
  return {
    reports,
    route: () => Promise.resolve(undefined),

    async candidateKeys(r, profile, adminKeysOf) {
      // only a revocation waiting for a key asks for the keys (reading them costs a metadata read)
      if (r.item.state !== 'pending' || r.item.pendingReason !== 'needs_admin_key') return [];
      return [...(profile.activeKeyId !== null ? [profile.activeKeyId] : []), ...(await adminKeysOf(profile.id))];
    },

    attempt(r, profile, streaks, contextAt) {
      const id = r.item.id;
      const context = {
        ...contextAt(profile.baseUrl),
        revocationKeys,
        adminKeyIds: () => adminKeyIds?.(profile.id) ?? Promise.resolve([]),
        saveServerKeyId: async (serverKeyId: string) => {
          await host.transact((tx) => m.saveServerKeyId(tx, id, host.holder, serverKeyId));
        },
      };
      return attemptRevocation(context, r.payload, streaks);
    },

    afterRecorded: () => Promise.resolve(),

    observe: (r) => reports.report(r),
  };
}
