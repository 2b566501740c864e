import { KEY_FILTERS } from './key-filter';
import { selectKeyFilter, useKeysStore } from './keys-store';

/** Live / Revoked / All: a segmented control of toggle buttons, one pressed (as the request log's) */
export function KeyFilterBar({ shown, total }: { shown: number; total: number }) {
  const filter = useKeysStore(selectKeyFilter);
  const setFilter = useKeysStore((s) => s.setFilter);
  return (
    <div className="toolbar key-filter">
      <div role="group" aria-label="Show keys" className="segmented">
        {KEY_FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className="btn btn-small"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
            data-testid={`keys-filter-${f.id}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      <span className="count" role="status" aria-live="polite" data-testid="keys-filter-count">
        {shown === total ? `${total} ${total === 1 ? 'key' : 'keys'}` : `${shown} of ${total} keys`}
      </span>
    </div>
  );
}
