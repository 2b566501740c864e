import type { KeyMeta } from '../../lib/api';

const PROOF_LABEL = { 'contacts:read': 'reads contacts', 'messages:send': 'sends', 'keys:manage': 'manages keys' } as const;

/**
 * The permissions the server listed for the key, else what answers have proved so far (a 2xx or
 * a 403 for that kind of request), so a key is never shown as simply able when nothing said so.
 */
export function PermissionsCell({ k }: { k: KeyMeta }) {
  if (k.permissions) return <td>{k.permissions.join(', ') || 'none'}</td>;
  const proven = Object.entries(k.proven ?? {}) as [keyof typeof PROOF_LABEL, boolean][];
  if (proven.length === 0) return <td>unknown</td>;
  return (
    <td data-testid={`key-proven-${k.id}`}>
      {proven.map(([permission, holds]) => `${PROOF_LABEL[permission]}: ${holds ? 'yes' : 'no (403)'}`).join(' · ')}
      <span className="block small muted">from the answers seen</span>
    </td>
  );
}
