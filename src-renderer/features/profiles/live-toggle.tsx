// A profile's "Live" switch in the Profiles table, with the suggestion for a profile whose address
// is not this computer (shared/live-guard.ts). Marking it live is the person's call: a staging
// server is remote too, so nothing is marked on its own.
import { useId, useState } from 'react';
import { suggestsLive } from '../../../src-main/shared/live-guard';
import type { ErrorInfo, Profile } from '../../lib/api';
import { describeError } from '../../lib/api';
import { useProfilesStore } from './profiles-store';

export function LiveToggle({ profile }: { profile: Profile }) {
  const setLive = useProfilesStore((s) => s.setLive);
  const [error, setError] = useState<ErrorInfo | null>(null);
  // the switch shows the person's choice at once, while main saves it; a refusal puts it back
  const [pending, setPending] = useState<boolean | null>(null);
  const hintId = useId();
  const live = pending ?? profile.live === true;
  const suggested = !live && suggestsLive(profile.baseUrl);
  const toggle = async (next: boolean): Promise<void> => {
    setPending(next);
    const r = await setLive(profile.id, next);
    setPending(null);
    setError(r.ok ? null : r.error);
  };
  return (
    <span className="live-toggle">
      <label>
        <input
          type="checkbox"
          checked={live}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby={suggested ? hintId : undefined}
          data-testid={`live-toggle-${profile.id}`}
        />{' '}
        Live
      </label>
      {suggested && (
        <span id={hintId} className="muted live-hint">
          {' '}
          suggested: its address is not this computer
        </span>
      )}
      {error && (
        <span role="alert" className="error-text">
          {' '}
          {describeError(error)}
        </span>
      )}
    </span>
  );
}
