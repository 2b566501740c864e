import type { OperationSpec } from '../../../lib/api';
import { writtenNumber } from './number-format';

/** Shown when the service wants the number dressed (`+5511…`, `5511…@c.us`), so nobody types it so. */
export function NumberFormatNote({ spec }: { spec: OperationSpec }) {
  const written = writtenNumber(spec);
  if (written === null) return null;
  return (
    <p className="api-number" data-testid="number-format">
      A recipient typed as <span className="mono nowrap">+55 11 99999-0000</span> is sent as <code className="mono nowrap">{written}</code>.
    </p>
  );
}
