import { useState } from 'react';
import type { ErrorInfo, FileOriginAllowed, Profile } from '../../../lib/api';
import { invoke } from '../../../lib/api';
import { ErrorMessage } from '../../../ui/messages';

type Outcome = { kind: 'idle' } | { kind: 'asking' } | { kind: 'done'; value: FileOriginAllowed } | { kind: 'error'; error: ErrorInfo };

function doneText(value: FileOriginAllowed): string {
  if (!value.allowed) return `Not allowed: the key is not sent to ${value.origin}.`;
  const again =
    value.retried === 0
      ? ''
      : value.retried === 1
        ? ' The file refused for it is downloaded again.'
        : ` The ${value.retried} files refused for it are downloaded again.`;
  return `The key now also goes to ${value.origin}, for received files only.${again}`;
}

/**
 * The pasted Download media cURL is the second step of a download: the GET of the file's own
 * address on another origin (Meta's lookaside.fbsbx.com), not the lookup. It is never saved as
 * the operation; what it would do is let the key go there for received files, which main asks
 * the person about itself (the window hands over the pasted cURL, never an origin to trust).
 */
export function FileOriginOffer({ origin, curl, profile }: { origin: string; curl: string; profile: Profile }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const onAllow = async () => {
    setOutcome({ kind: 'asking' });
    const r = await invoke('api:allow-file-origin', { profileId: profile.id, curl });
    setOutcome(r.ok ? { kind: 'done', value: r.value } : { kind: 'error', error: r.error });
  };
  return (
    <div className="msg msg-warning api-base-url" data-testid="file-origin-offer">
      <div>
        <p>
          This is the file’s own address at <span className="mono api-value">{origin}</span>, the second step of a download (the lookup is
          this profile’s Download media): it is not saved as the operation. Allowing it lets this profile’s key go to{' '}
          <span className="mono api-value">{origin}</span> to download received files, and for nothing else.
        </p>
        <button type="button" className="btn btn-small api-wrap" onClick={() => void onAllow()} disabled={outcome.kind === 'asking'}>
          Allow the key there for files…
        </button>
        <p role="status" aria-live="polite" className="hint">
          {outcome.kind === 'asking' ? 'Waiting for your answer…' : outcome.kind === 'done' ? doneText(outcome.value) : ''}
        </p>
        {outcome.kind === 'error' && <ErrorMessage error={outcome.error} prefix="Not allowed" />}
      </div>
    </div>
  );
}
