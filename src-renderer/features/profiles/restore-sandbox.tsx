import { useState } from 'react';
import { describeError, invoke, type ErrorInfo } from '../../lib/api';
import { ErrorText } from '../../ui/messages';
import { selectProfiles, useProfilesStore } from './profiles-store';

/**
 * "Reset sandbox": offered only while no Sandbox profile exists (it was deleted). Main makes it
 * again on the sandbox's data with a new admin key; the profile list follows from main's event.
 */
export function RestoreSandbox() {
  const hasSandbox = useProfilesStore((s) => selectProfiles(s).some((p) => p.sandbox));
  const [state, setState] = useState<{ busy: boolean; done: string | null; error: ErrorInfo | null }>({
    busy: false,
    done: null,
    error: null,
  });
  if (hasSandbox && state.done === null) return null;
  const restore = async (): Promise<void> => {
    setState({ busy: true, done: null, error: null });
    const r = await invoke('sandbox:restore', {});
    setState(r.ok ? { busy: false, done: r.value.notice, error: null } : { busy: false, done: null, error: r.error });
  };
  return (
    <section className="panel" aria-labelledby="restore-sandbox-title" data-testid="restore-sandbox">
      <h2 id="restore-sandbox-title">Built-in sandbox</h2>
      {state.done ? (
        <p className="msg msg-success" role="status">
          {state.done}
        </p>
      ) : (
        <>
          <p className="hint">
            The Sandbox profile was deleted. Make it again to try the app without a real service (its sample contacts and sent messages are
            kept).
          </p>
          <button type="button" className="btn" onClick={() => void restore()} disabled={state.busy}>
            {state.busy ? 'Resetting…' : 'Reset sandbox'}
          </button>
        </>
      )}
      {state.error && <ErrorText>{describeError(state.error)}</ErrorText>}
    </section>
  );
}
