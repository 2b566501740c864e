import { Fragment, useId, type FormEvent } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { selectDescribed, useApiStore } from './api-store';
import { DocumentExampleChoice } from './document-example-choice';
import { chosenCandidates, NOT_IN_DOCUMENT, useDocumentImportStore } from './document-import-store';
import { DocumentOpenValues } from './document-open-values';
import { OperationChoice } from './operation-choice';
import { usePicked } from '../../../app/use-picked';

/** The loaded document: for each of the console's operations, which of its operations it is; then Read. */
export function DocumentChoices({ busy, onRead }: { busy: boolean; onRead: (operation: DescribedOperation) => void }) {
  const described = useApiStore(selectDescribed);
  const { document, choices, read } = usePicked(useDocumentImportStore, 'document', 'choices', 'read');
  const id = useId();
  if (document === null) return null;
  const anyChosen = Object.values(choices).some((c) => c !== undefined && c !== NOT_IN_DOCUMENT);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const first = await read();
    if (first !== null) onRead(first);
  };
  const count = document.candidates.length;
  return (
    <form className="api-import-choices" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} data-testid="api-import-loaded">
        <strong>{document.kind === 'openapi' ? 'OpenAPI' : 'Postman collection'}</strong>
        {document.title === '' ? '' : `: ${document.title}`} ({count} operation{count === 1 ? '' : 's'})
      </p>
      {document.notes.length > 0 && (
        <ul className="details hint" aria-label="About the document">
          {document.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <fieldset className="api-import-map">
        <legend>Which of the document’s operations is each of the console’s?</legend>
        {(described?.operations ?? []).map((o) => (
          <Fragment key={o.operation}>
            <OperationChoice operation={o.operation} label={o.label} />
            <DocumentExampleChoice operation={o.operation} label={o.label} />
          </Fragment>
        ))}
      </fieldset>
      <DocumentOpenValues chosen={chosenCandidates(document, choices)} />
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy || !anyChosen}>
          Read
        </button>
      </div>
    </form>
  );
}
