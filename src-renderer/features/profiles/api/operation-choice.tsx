import { useId } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { NO_SUCH_LISTING, NOT_IN_DOCUMENT, useDocumentImportStore } from './document-import-store';

/** Listings a service may lack altogether (api:mark-absent); a send it lacks is simply not used. */
const MAY_BE_ABSENT: ReadonlySet<DescribedOperation> = new Set(['contacts.list', 'messages.list']);

/** One console operation: the document's candidate for it, and what reading that one noticed. */
export function OperationChoice({ operation, label }: { operation: DescribedOperation; label: string }) {
  const document = useDocumentImportStore((s) => s.document);
  const choice = useDocumentImportStore((s) => s.choices[operation] ?? NOT_IN_DOCUMENT);
  const choose = useDocumentImportStore((s) => s.choose);
  const id = useId();
  const picked = document?.candidates.find((c) => c.id === choice);
  const notes = [...(picked?.unsupported ? [picked.unsupported] : []), ...(picked?.notes ?? [])];
  return (
    <div className="field api-import-choice" data-testid={`api-import-choice-${operation}`}>
      <label htmlFor={`${id}-select`}>{label}</label>
      <select
        id={`${id}-select`}
        value={choice}
        onChange={(e) => choose(operation, e.target.value)}
        aria-describedby={notes.length > 0 ? `${id}-notes` : undefined}
      >
        <option value={NOT_IN_DOCUMENT}>Not in this document</option>
        {MAY_BE_ABSENT.has(operation) && <option value={NO_SUCH_LISTING}>The service has no {label}</option>}
        {(document?.candidates ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.summary === '' || c.summary === c.id ? c.id : `${c.id} — ${c.summary}`}
          </option>
        ))}
      </select>
      {notes.length > 0 && (
        <ul id={`${id}-notes`} className="details hint">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
