// "Copy cURL" for a screen's own request: the cURL of the newest logged request for that
// operation (the list the screen shows), written to the clipboard by the app with the key as
// $CRM_API_KEY. Says what it copied, or that there is nothing to copy yet.
import { useState } from 'react';
import type { EndpointId } from '../../../src-main/shared/operation-ids';
import { copyEntryCurl, newestEntryFor } from './log-store';

export function CopyLastCurl({ endpoint, what, testId }: { endpoint: EndpointId; /** "contacts list" */ what: string; testId: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = async (): Promise<void> => {
    setBusy(true);
    try {
      const entry = newestEntryFor(endpoint);
      setMessage(entry === null ? `No ${what} request in the Request log yet: nothing copied.` : (await copyEntryCurl(entry)).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="copy-last-curl">
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void copy()}
        disabled={busy}
        data-testid={testId}
        title={`Copies the cURL of the last ${what} request`}
      >
        Copy cURL
      </button>
      <span role="status" aria-live="polite" className="hint" data-testid={`${testId}-status`}>
        {message}
      </span>
    </span>
  );
}
