// Roll key… on a live saved key's row: opens the Roll dialog for it (keys-store openRoll), named
// with the key so a screen reader tells the rows apart. A revoked key has nothing to roll.
import type { KeyMeta } from '../../lib/api';
import { useKeysStore } from './keys-store';

export function RollKeyButton({ k }: { k: KeyMeta }) {
  const openRoll = useKeysStore((s) => s.openRoll);
  if (k.state === 'revoked') return null;
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => openRoll(k.id)}
      aria-label={`Roll key… ${k.name} (…${k.fingerprint})`}
      data-testid={`key-roll-${k.id}`}
    >
      Roll key…
    </button>
  );
}
