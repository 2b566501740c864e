import { useState } from 'react';
import type { ErrorInfo, Profile } from '../../../lib/api';
import { ErrorMessage } from '../../../ui/messages';
import { useProfilesStore } from '../profiles-store';

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

type Outcome = { kind: 'error'; error: ErrorInfo } | null;

/**
 * The example was not under the profile's base URL: offer to take the example's. The profiles
 * store makes the change; the app asks the person before plain http to another machine.
 */
export function BaseUrlOffer({ proposed, profile }: { proposed: string; profile: Profile }) {
  const update = useProfilesStore((s) => s.update);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (sameUrl(proposed, profile.baseUrl)) return null;

  const onUse = async () => {
    setBusy(true);
    setOutcome(null);
    const r = await update(profile.id, { baseUrl: proposed });
    setBusy(false);
    if (!r.ok) setOutcome({ kind: 'error', error: r.error });
  };

  return (
    <div className="msg msg-warning api-base-url" data-testid="base-url-offer">
      <div>
        <p>
          The example goes to <span className="mono api-value">{proposed}</span>; this profile’s base URL is{' '}
          <span className="mono api-value">{profile.baseUrl}</span>.
        </p>
        <button type="button" className="btn btn-small api-wrap" onClick={() => void onUse()} disabled={busy}>
          Use <span className="mono api-value">{proposed}</span> as this profile’s base URL
        </button>
        {outcome?.kind === 'error' && <ErrorMessage error={outcome.error} prefix="The base URL was not changed" />}
      </div>
    </div>
  );
}
