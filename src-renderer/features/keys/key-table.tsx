import type { KeyMeta, KeyTestResult, Profile, RevocationSyncState } from '../../lib/api';
import { describeError } from '../../lib/api';
import { keyLabel } from '../../../src-main/shared/key-label';
import { formatTime } from '../../lib/format';
import { DataTable } from '../../ui/data-table';
import { SCREEN_FOCUS_MARK } from '../../ui/focus';
import { ClockIcon } from '../../ui/icons';
import { findRevocationItem, selectOutboxItems, useOutboxStore } from '../outbox/outbox-store';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
import { HeldBackState } from './held-back';
import { LifecycleLabels, RemoveKeyButton, ValueStatusCell } from './key-row-parts';
import { PermissionsCell } from './permissions-cell';
import { selectListedPrefix, selectTest, useKeysStore } from './keys-store';
import { revokeWithDialog, savedSubject } from './revoke-flow';
import { RevocationProofState } from './revocation-proof';
import { RollKeyButton } from './roll-key-button';
import { ErrorText } from '../../ui/messages';
import { usePicked } from '../../app/use-picked';

export { REVOKE_WARNING } from './revoke-words';

const OUTCOME_TEXT: Record<KeyTestResult['outcome'], string> = {
  valid: 'valid',
  invalid_or_revoked: 'invalid or revoked',
  forbidden: 'lacks permission',
  unreachable: 'server unreachable',
  rate_limited: 'rate limited',
  server_error: 'server error',
};

const SYNC_REASON: Record<Extract<RevocationSyncState, { state: 'pending' }>['reason'], string> = {
  offline: 'offline; sent when the connection returns',
  server_error: 'the server failed; will retry',
  rate_limited: 'rate limited; will retry',
  needs_admin_key: 'needs a key with keys:manage (or the key itself) to revoke on the server',
  queued: 'waiting its turn in the outbox',
  held: 'held until you decide',
  scheduled: 'scheduled: retires on the server when its grace ends',
  still_accepted: 'the revoked key is still accepted; checking again',
};

/** a test's sentence has a column of its own: squeezed under the buttons it wrapped them apart */
const KEY_COLUMNS = ['Key', 'Permissions', 'Last used', 'Last status', 'Test result', 'State', 'Actions'];

export function KeyTable({ keys }: { keys: KeyMeta[] }) {
  const profile = useProfilesStore(selectActiveProfile);
  return (
    <DataTable label="Saved keys" testId="keys-table" columns={KEY_COLUMNS}>
      {keys.map((k, i) => (
        <KeyRow key={k.id} k={k} isActive={profile?.activeKeyId === k.id} profile={profile} first={i === 0} />
      ))}
    </DataTable>
  );
}

/** `first`: the screen opens at this row's Test (the Live / Revoked / All filter above is not where work starts) */
function KeyRow({ k, isActive, profile, first }: { k: KeyMeta; isActive: boolean; profile: Profile | null; first: boolean }) {
  const test = useKeysStore(selectTest(k.id));
  const rowError = useKeysStore((s) => s.rowErrors[k.id]);
  const { testKey, activateKey, revokeKey } = usePicked(useKeysStore, 'testKey', 'activateKey', 'revokeKey');
  const revoked = k.state === 'revoked';
  const prefix = useKeysStore(selectListedPrefix(k.serverKeyId));
  const label = keyLabel({ prefix, lastFour: k.fingerprint });

  // the dialog names this key, says which profiles stop working and may switch them first
  const onRevoke = () => revokeWithDialog(savedSubject(k, prefix), () => revokeKey(k.id));

  return (
    <tr data-testid={`key-row-${k.id}`} className={revoked ? 'is-revoked' : undefined}>
      <th scope="row">
        {k.name}{' '}
        {isActive && (
          <span className="badge badge-accent" data-testid={`key-in-use-${k.id}`}>
            in use
          </span>
        )}
        <span className="block mono muted" data-testid={`key-fingerprint-${k.id}`}>
          {label}
        </span>
      </th>
      <PermissionsCell k={k} />
      <td>{formatTime(k.lastUsedAt)}</td>
      <ValueStatusCell k={k} lastStatus={k.lastStatus ? OUTCOME_TEXT[k.lastStatus] : '—'} />
      <td>
        <div role="status" aria-live="polite" className="cell-status" data-testid={`key-test-result-${k.id}`}>
          {test?.status === 'testing' && 'Testing…'}
          {test?.status === 'done' && `${OUTCOME_TEXT[test.report.outcome]}: ${test.report.message}`}
          {test?.status === 'error' && describeError(test.error)}
        </div>
      </td>
      <td>
        {revoked ? `revoked ${formatTime(k.revokedAt)}` : k.heldBack ? <HeldBackState k={k} profile={profile} /> : 'active'}
        <LifecycleLabels k={k} />
        {k.sync && (
          <span className="block small" data-testid={`key-sync-${k.id}`}>
            Server revocation: <SyncCell k={k} />
          </span>
        )}
        <RevocationProofState k={k} />
      </td>
      <td>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void testKey(k.id)}
            disabled={test?.status === 'testing'}
            data-testid={`key-test-${k.id}`}
            {...(first ? SCREEN_FOCUS_MARK : {})}
          >
            Test
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void activateKey(k.id)}
            disabled={isActive || revoked}
            data-testid={`key-activate-${k.id}`}
          >
            Make active
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger"
            onClick={() => void onRevoke()}
            disabled={revoked}
            data-testid={`key-revoke-${k.id}`}
          >
            Revoke
          </button>
          <RollKeyButton k={k} />
          <RemoveKeyButton k={k} />
        </div>
        {rowError && <ErrorText>{describeError(rowError)}</ErrorText>}
      </td>
    </tr>
  );
}

function SyncCell({ k }: { k: KeyMeta }) {
  const items = useOutboxStore(selectOutboxItems);
  const retry = useOutboxStore((s) => s.retry);
  const sync = k.sync;
  if (!sync) return <>—</>;
  switch (sync.state) {
    case 'pending':
      return (
        <span className="sync sync-pending">
          <ClockIcon /> pending: {SYNC_REASON[sync.reason]}
          {sync.detail ? ` (${sync.detail})` : ''}
          {sync.nextAttemptAt ? `; next try ${formatTime(sync.nextAttemptAt)}` : ''}
        </span>
      );
    case 'synced':
      return <span className="sync sync-ok">synced {formatTime(sync.at)}</span>;
    case 'local_only':
      return <span className="muted">local only</span>;
    case 'failed': {
      const item = findRevocationItem(items, sync.outboxId);
      return (
        <span className="sync sync-failed">
          failed: {sync.reason}{' '}
          {item && (item.state === 'failed' || item.state === 'pending') && (
            <button type="button" className="btn btn-small" onClick={() => void retry(item.id)} data-testid={`key-sync-retry-${k.id}`}>
              Retry
            </button>
          )}
        </span>
      );
    }
  }
}
