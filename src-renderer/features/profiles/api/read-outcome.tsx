import { AlertIcon } from '../../../ui/icons';
import { ErrorMessage } from '../../../ui/messages';
import type { OperationDraft } from './api-store';

/** Why a cURL (or a document's operation) could not be read, or what reading it left out or could not guess. */
export function ReadOutcome({ draft }: { draft: OperationDraft }) {
  const fromDocument = draft.origin?.kind === 'document';
  if (draft.read.status === 'error') {
    return (
      <ErrorMessage
        error={draft.read.error}
        prefix={fromDocument ? 'Nothing was read from the document' : 'The cURL was not read'}
        testId="api-read-error"
      />
    );
  }
  const warnings = draft.proposal?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <div className="msg msg-warning" data-testid="api-warnings">
      <AlertIcon />
      <div>
        <p>Reading it, the app noticed:</p>
        <ul className="details" aria-label="Warnings">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
