import { useId } from 'react';
import type { DescribedOperation, Role } from '../../../lib/api';
import { OPERATION_ROLES, ROLE_LABELS } from '../../../../src-main/shared/api-roles';
import { shownRole, useApiStore, type OperationDraft } from './api-store';
import { rowKey } from './fixes';

const CONSTANT = '';

/** Every field of the pasted example and what it stands for; a changed role is read again by main. */
export function MappingTable({ operation, label, draft }: { operation: DescribedOperation; label: string; draft: OperationDraft }) {
  const chooseRole = useApiStore((s) => s.chooseRole);
  const id = useId();
  const rows = draft.proposal?.rows ?? [];
  if (rows.length === 0) return <p className="muted">The example has no query or body fields: the request is sent as it is.</p>;
  const roles = OPERATION_ROLES[operation];
  return (
    <div className="table-scroll">
      <table className="table api-mapping" aria-label={`Fields of ${label}`} data-testid="mapping-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Example value</th>
            <th scope="col">Stands for</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const key = rowKey(row);
            const role = shownRole(draft, key, row.role);
            const changed = key in draft.choices;
            const selectId = `${id}-role-${i}`;
            return (
              <tr key={key} data-testid="mapping-row" data-field={row.field}>
                <th scope="row" className="nowrap">
                  <span className="mono">{row.field}</span> <span className="badge">{row.location}</span>
                </th>
                <td className="nowrap">
                  {row.example === '' ? (
                    <span className="muted">(empty)</span>
                  ) : (
                    <span className="mono api-value api-example" title={row.example}>
                      {row.example}
                    </span>
                  )}
                </td>
                <td>
                  <label htmlFor={selectId} className="sr-only">
                    What {row.field} stands for
                  </label>
                  <select
                    id={selectId}
                    value={role ?? CONSTANT}
                    onChange={(e) => void chooseRole(operation, key, e.target.value === CONSTANT ? null : (e.target.value as Role))}
                  >
                    <option value={CONSTANT}>constant (keep as given)</option>
                    {roles.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  {changed && <span className="badge">your choice</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
