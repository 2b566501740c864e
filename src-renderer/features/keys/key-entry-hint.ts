// The add-key form's hint for the active profile: what to type as the key, by where the profile
// sends it (its Send text operation's credential, as the event stream reads it too). Until main
// answers for this profile, or when it cannot, the hint says nothing about the placement.
import { useEffect, useState } from 'react';
import { keyEntryHint } from '../../../src-main/shared/key-entry-words';
import { invoke } from '../../lib/api';

export function useKeyEntryHint(profileId: string | null): string | null {
  const [answer, setAnswer] = useState<{ profileId: string; hint: string } | null>(null);
  useEffect(() => {
    let current = true;
    if (profileId === null) return undefined;
    void invoke('api:describe', { profileId }).then((r) => {
      if (!current || !r.ok) return;
      const text = r.value.operations.find((o) => o.operation === 'messages.text');
      setAnswer({ profileId, hint: keyEntryHint(text?.spec.credential) });
    });
    return () => {
      current = false;
    };
  }, [profileId]);
  return answer !== null && answer.profileId === profileId ? answer.hint : null;
}
