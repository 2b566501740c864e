// One operation of a profile as main describes it (api:describe), asked once per profile. The
// answer is kept with the profile it is for, so a switch of profile never shows the last one's.
import { useEffect, useState } from 'react';
import { invoke, type DescribedOperation, type OperationSpec } from './api';

/** main's answer for the profile: the operation's spec, or undefined when the profile has none */
export interface OperationAnswer {
  spec: OperationSpec | undefined;
}

/** null until main answers for this profile, or when it cannot: each caller says what that means for it */
export function useDescribedOperation(profileId: string | null, operation: DescribedOperation): OperationAnswer | null {
  const [answer, setAnswer] = useState<{ profileId: string; found: OperationAnswer } | null>(null);
  useEffect(() => {
    let current = true;
    if (profileId === null) return undefined;
    void invoke('api:describe', { profileId }).then((r) => {
      if (!current || !r.ok) return;
      const described = r.value.operations.find((o) => o.operation === operation);
      setAnswer({ profileId, found: { spec: described?.spec } });
    });
    return () => {
      current = false;
    };
  }, [profileId, operation]);
  return answer !== null && answer.profileId === profileId ? answer.found : null;
}
