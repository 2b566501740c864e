import { useEffect, useId, useState } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { ErrorMessage } from '../../../ui/messages';
import { DocumentChoices } from './document-choices';
import { useDocumentImportStore } from './document-import-store';
import { DocumentReadResults } from './document-read-results';
import { DocumentSource } from './document-source';
import { usePicked } from '../../../app/use-picked';

/**
 * "Import an API document", above the operations table: a disclosure whose panel loads a
 * document in main, maps its operations to the console's and reads them into their editors.
 */
export function DocumentImport({ profileId, onRead }: { profileId: string; onRead: (operation: DescribedOperation) => void }) {
  const { open, status, error } = usePicked(useDocumentImportStore, 'open', 'status', 'error');
  const loaded = useDocumentImportStore((s) => s.document !== null);
  const [expanded, setExpanded] = useState(loaded);
  const id = useId();

  useEffect(() => open(profileId), [open, profileId]);

  const busy = status === 'loading' || status === 'reading';
  return (
    <section className="api-import" aria-labelledby={`${id}-title`} data-testid="api-import">
      <h3 className="api-import-title" id={`${id}-title`}>
        <button
          type="button"
          className="disclosure"
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={() => setExpanded((e) => !e)}
        >
          Import an API document
        </button>
      </h3>
      <div id={`${id}-panel`} className="api-import-panel" hidden={!expanded} aria-busy={busy}>
        <p className="hint">
          The service’s OpenAPI 3 description or Postman collection: pick the operation it offers for each of the console’s, check each one
          below, and save it. Nothing changes before you press Save.
        </p>
        <DocumentSource busy={busy} />
        <p role="status" aria-live="polite" className="hint" data-testid="api-import-status">
          {status === 'loading' ? 'Loading the document…' : status === 'reading' ? 'Reading the chosen operations…' : ''}
        </p>
        {error && <ErrorMessage error={error} prefix="The document was not loaded" testId="api-import-error" />}
        {loaded && <DocumentChoices busy={busy} onRead={onRead} />}
        <DocumentReadResults />
      </div>
    </section>
  );
}
