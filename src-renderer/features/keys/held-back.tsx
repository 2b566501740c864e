// Keys saved for another address than the one their profile points at now. The app never sends
// them there on its own: the person approves the move, and the app asks (a native dialog) when
// the profile is saved again. This screen says which keys wait and offers that save.
import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { KeyMeta, Profile } from '../../lib/api';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { ErrorMessage } from '../../ui/messages';
import { selectApprove, selectHeldBackKeys, useKeysStore } from './keys-store';

/** scheme://host:port of a base URL: what a saved key is bound to */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/** The State cell of a held-back key: where it was saved for, and where the profile points now. */
export function HeldBackState({ k, profile }: { k: KeyMeta; profile: Profile | null }) {
  return (
    <span className="held-back" data-testid={`key-held-back-${k.id}`}>
      <strong>held back</strong>: saved for <span className="mono">{k.origin ?? 'another address'}</span>
      {profile && (
        <>
          ; this profile now points at <span className="mono">{originOf(profile.baseUrl)}</span>
        </>
      )}
    </span>
  );
}

/** Above the key table: the keys held back, and the one action that can move them. */
export function HeldBackNotice({ profile }: { profile: Profile }) {
  const heldBack = useKeysStore(useShallow(selectHeldBackKeys));
  const approve = useKeysStore(selectApprove);
  const approveHeldBack = useKeysStore((s) => s.approveHeldBack);
  const id = useId();
  const target = originOf(profile.baseUrl);
  if (heldBack.length === 0) {
    // the answer to an approval outlives the notice it came from
    if (approve.status === 'moved')
      return (
        <p role="status" className="msg msg-success" data-testid="held-back-status">
          <CheckIcon />
          <span>
            Approved: the app now sends the keys to <span className="mono">{target}</span>.
          </span>
        </p>
      );
    return null;
  }
  const one = heldBack.length === 1;
  return (
    <div className="msg msg-warning held-back-notice" data-testid="held-back-notice">
      <AlertIcon />
      <div>
        <p id={`${id}-what`}>
          {one ? `The key “${heldBack[0]!.name}” is` : `${heldBack.length} keys are`} held back: saved for another address than{' '}
          <span className="mono">{target}</span>, where this profile now points. The app does not send {one ? 'it' : 'them'} there until you
          approve.
        </p>
        <p className="hint">Save the profile again to move {one ? 'the key' : 'the keys'} there; the app asks you first.</p>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void approveHeldBack()}
            disabled={approve.status === 'asking'}
            aria-describedby={`${id}-what`}
            data-testid="approve-held-back"
          >
            Save the profile again…
          </button>
        </div>
        <div role="status" aria-live="polite" data-testid="held-back-status">
          {approve.status === 'asking' && 'Waiting for your answer in the app’s dialog…'}
          {approve.status === 'declined' && `Not approved: ${one ? 'the key stays' : 'the keys stay'} held back.`}
        </div>
        {approve.status === 'error' && <ErrorMessage error={approve.error} prefix="The profile was not saved" />}
      </div>
    </div>
  );
}
