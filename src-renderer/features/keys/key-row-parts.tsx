// The parts of a saved key's row about its life on this computer: a value that left the keychain
// (with Repair), its expiry and idleness, and Remove for a revoked key's record.
import type { KeyMeta } from '../../lib/api';
import { describeError } from '../../lib/api';
import { lifecycleLabels } from '../../../src-main/shared/key-lifecycle';
import { requestConfirm } from '../../ui/confirm-store';
import { useNow } from '../../ui/use-now';
import { selectRepair, selectValueMissing, useKeysStore } from './keys-store';

/** the "Last status" cell: "value missing" with Repair when the keychain lost the live key's value */
export function ValueStatusCell({ k, lastStatus }: { k: KeyMeta; lastStatus: string }) {
  const missing = useKeysStore(selectValueMissing(k.id)) && k.state === 'active';
  const repair = useKeysStore(selectRepair(k.id));
  const repairKey = useKeysStore((s) => s.repairKey);
  return (
    <td data-testid={`key-value-status-${k.id}`}>
      {missing ? (
        <>
          <span className="value-missing" data-testid={`key-value-missing-${k.id}`}>
            value missing
          </span>{' '}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void repairKey(k.id)}
            disabled={repair?.status === 'repairing'}
            aria-label={`Repair ${k.name}`}
            data-testid={`key-repair-${k.id}`}
          >
            Repair
          </button>
        </>
      ) : (
        lastStatus
      )}
      <div role="status" aria-live="polite" className="cell-status" data-testid={`key-repair-result-${k.id}`}>
        {repair?.status === 'repairing' && 'Looking in the keychain…'}
        {repair?.status === 'done' && repair.message}
        {repair?.status === 'error' && describeError(repair.error)}
      </div>
    </td>
  );
}

/** "expires in 3 days", "expired", "unused for 60 days": the same words as `crm keys list` */
export function LifecycleLabels({ k }: { k: KeyMeta }) {
  // a minute is fine enough for day counts, and keeps them true while the screen stays open
  const now = useNow(60_000);
  const labels = lifecycleLabels(k, new Date(now));
  if (labels.length === 0) return null;
  return (
    <span className="block small" data-testid={`key-lifecycle-${k.id}`}>
      {labels.map((l) => (
        <span key={l} className={l === 'expired' ? 'badge badge-warning lifecycle-label' : 'badge lifecycle-label'}>
          {l}
        </span>
      ))}
    </span>
  );
}

/**
 * Remove, on a revoked key's row only: its record (and any keychain entry it left) goes. A live
 * key has none: it is revoked first, so no key that still works on the server is forgotten here.
 */
export function RemoveKeyButton({ k }: { k: KeyMeta }) {
  const removeKey = useKeysStore((s) => s.removeKey);
  if (k.state !== 'revoked') return null;
  const onRemove = async () => {
    const ok = await requestConfirm({
      title: `Remove “${k.name}”?`,
      message: `The record of the revoked key “${k.name}” (…${k.fingerprint}) leaves this computer, with its history here. The key stays revoked.`,
      confirmLabel: 'Remove',
    });
    if (ok) await removeKey(k.id);
  };
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => void onRemove()}
      aria-label={`Remove ${k.name}`}
      data-testid={`key-remove-${k.id}`}
    >
      Remove
    </button>
  );
}
