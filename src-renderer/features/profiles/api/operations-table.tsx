import type { DescribedOperation } from '../../../lib/api';
import { DataTable } from '../../../ui/data-table';
import { selectDescribed, useApiStore } from './api-store';
import { OperationBadge } from './operation-badge';

export const EDITOR_ID = 'api-operation-editor';

const OPERATION_COLUMNS = ['Operation', 'Request', 'Description', 'Actions'];

/** The described operations: how each is asked for now, and whether it is this profile's own. */
export function OperationsTable({ selected, onEdit }: { selected: DescribedOperation; onEdit: (operation: DescribedOperation) => void }) {
  const described = useApiStore(selectDescribed);
  const status = useApiStore((s) => s.status);
  if (!described) return <p className="muted">{status === 'loading' ? 'Loading the operations…' : ''}</p>;
  return (
    <DataTable label="Operations" testId="api-operations" className="api-operations" columns={OPERATION_COLUMNS}>
      {described.operations.map((o) => (
        <tr key={o.operation} data-testid={`api-operation-${o.operation}`} className={o.operation === selected ? 'is-selected' : undefined}>
          <th scope="row" className="nowrap">
            {o.label}
          </th>
          <td className="nowrap">
            {o.absent ? (
              <span className="muted">never asked for</span>
            ) : (
              <>
                <span className="method">{o.spec.method}</span> <span className="mono">{o.spec.path}</span>
              </>
            )}
          </td>
          <td className="nowrap">
            <OperationBadge custom={o.custom} absent={o.absent} />
          </td>
          <td>
            <button
              type="button"
              className="btn btn-small"
              aria-label={`Edit ${o.label}`}
              aria-pressed={o.operation === selected}
              aria-controls={EDITOR_ID}
              onClick={() => onEdit(o.operation)}
            >
              Edit
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
