import { useId, type KeyboardEvent } from 'react';
import type { DescribedOperation } from '../../../lib/api';
import { selectDraft, useApiStore } from './api-store';

/** The pasted cURL and the button that reads it (Ctrl+Enter in the box does the same). */
export function CurlPaste({ operation, label }: { operation: DescribedOperation; label: string }) {
  const draft = useApiStore(selectDraft(operation));
  const setCurl = useApiStore((s) => s.setCurl);
  const readCurl = useApiStore((s) => s.readCurl);
  const id = useId();
  const reading = draft.read.status === 'reading';
  const empty = draft.curl.trim() === '';
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    void readCurl(operation);
  };
  return (
    <div className="api-paste">
      <div className="field">
        <label htmlFor={`${id}-curl`}>Paste the cURL from the service’s playground</label>
        <textarea
          id={`${id}-curl`}
          className="mono api-curl-input"
          rows={5}
          value={draft.curl}
          onChange={(e) => setCurl(operation, e.target.value)}
          onKeyDown={onKeyDown}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          data-testid="api-curl-input"
        />
        <p id={`${id}-hint`} className="hint">
          The one its “{label}” tab shows. A key in it is left out: the app sends the profile’s own key.
        </p>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="btn"
          onClick={() => void readCurl(operation)}
          disabled={empty || reading}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          Read cURL
        </button>
        <span role="status" aria-live="polite" className="hint">
          {reading ? 'Reading…' : ''}
        </span>
      </div>
    </div>
  );
}
