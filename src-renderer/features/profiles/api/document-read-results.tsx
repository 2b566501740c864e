import { ErrorMessage } from '../../../ui/messages';
import { selectDescribed, useApiStore } from './api-store';
import { useDocumentImportStore, type ReadResult } from './document-import-store';

const SAID: Record<Exclude<ReadResult['outcome'], 'failed'>, (label: string) => string> = {
  proposed: (label) => `${label}: read; check it in its editor and press Save there.`,
  absent: (label) => `${label}: noted that the service has none; it is never asked for.`,
};

/** What Read did, operation by operation; a failure in words main gave. */
export function DocumentReadResults() {
  const results = useDocumentImportStore((s) => s.results);
  const described = useApiStore(selectDescribed);
  if (results.length === 0) return null;
  const labelOf = (op: ReadResult['operation']) => described?.operations.find((o) => o.operation === op)?.label ?? op;
  const done = results.filter((r) => r.outcome !== 'failed');
  const failed = results.filter((r) => r.outcome === 'failed');
  return (
    <div data-testid="api-import-results">
      {done.length > 0 && (
        <ul className="details" aria-label="What was read">
          {done.map((r) => (
            <li key={r.operation}>{SAID[r.outcome as keyof typeof SAID](labelOf(r.operation))}</li>
          ))}
        </ul>
      )}
      {failed.map((r) => (
        <ErrorMessage
          key={r.operation}
          error={r.error ?? { code: 'internal', message: 'No reason was given.' }}
          prefix={`${labelOf(r.operation)}: nothing was read`}
          testId={`api-import-failed-${r.operation}`}
        />
      ))}
    </div>
  );
}
