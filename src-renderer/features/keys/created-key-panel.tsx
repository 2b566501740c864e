// A key just created through the API, shown once (keys:reveal-new): masked until Reveal, with
// Copy (main writes the clipboard, and says why when it cannot) and Close, which asks first. The
// value is rendered only while revealed and leaves the store when the panel closes.
import { useEffect, useId, useRef, useState } from 'react';
import { describeError } from '../../lib/api';
import { requestConfirm } from '../../ui/confirm-store';
import { TransientNote } from '../../ui/transient-note';
import { closeQuestion, SHOWN_ONCE } from './created-key-close';
import { selectCreated, selectCreatedValue, useKeysStore, type CreatedKey } from './keys-store';

/** dots as many as the value has characters (at most 32): its length, not its text */
function masked(value: string): string {
  return '•'.repeat(Math.min(value.length, 32));
}

export function CreatedKeyPanel() {
  const created = useKeysStore(selectCreated);
  // one panel per new key: each starts masked
  return created ? <ShownOnce key={created.key.id} created={created} /> : null;
}

function ShownOnce({ created }: { created: CreatedKey }) {
  const value = useKeysStore(selectCreatedValue);
  const copyNew = useKeysStore((s) => s.copyNewKey);
  const dismiss = useKeysStore((s) => s.dismissCreated);
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  const copyButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const copied = created.copy.status === 'copied';

  // The panel is below the form, often out of sight: it is scrolled to and Copy focused, so
  // Enter copies it.
  useEffect(() => {
    const button = copyButton.current;
    if (!button) return;
    button.scrollIntoView({ block: 'center' });
    button.focus({ preventScroll: true });
  }, []);
  // The new key then shows up in both lists above (main's keys:changed), which pushes the panel
  // down: while Copy has focus it is kept in sight.
  const rows = useKeysStore((s) => s.keys.length + (s.server.status === 'ready' ? s.server.keys.length : 0));
  useEffect(() => {
    const button = copyButton.current;
    if (button && document.activeElement === button) button.scrollIntoView({ block: 'nearest' });
  }, [rows]);
  // Copy leaves once used: focus goes on to Close instead of back to the page's top
  useEffect(() => {
    if (copied && (document.activeElement === document.body || document.activeElement === null)) closeButton.current?.focus();
  }, [copied]);

  const onClose = async () => {
    const now = useKeysStore.getState().created;
    if (!now) return;
    if (await requestConfirm(closeQuestion(now))) dismiss();
  };

  return (
    <section className="created-key" aria-labelledby={`${id}-title`} data-testid="created-key-panel">
      <h4 id={`${id}-title`} className="subheading">
        New key “{created.key.name}”
      </h4>
      <p>
        Key “{created.key.name}” was created and saved to the keychain. <strong>{SHOWN_ONCE}</strong>
      </p>
      {created.shown.status === 'loading' && <p role="status">Fetching the new key…</p>}
      {created.shown.status === 'error' && <p className="msg msg-error">The value cannot be shown: {describeError(created.shown.error)}</p>}
      {value !== null && (
        <p className="created-key-value">
          <span className="sr-only" id={`${id}-value-label`}>
            Key value{revealed ? '' : ' (hidden)'}:
          </span>{' '}
          {revealed ? (
            <code className="mono" aria-describedby={`${id}-value-label`} data-testid="created-key-value">
              {value}
            </code>
          ) : (
            <code className="mono" data-testid="created-key-value">
              <span aria-hidden="true">{masked(value)}</span>
            </code>
          )}
        </p>
      )}
      <div className="button-row">
        {value !== null && (
          <button
            type="button"
            className="btn"
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
            data-testid="created-key-reveal"
          >
            Reveal
          </button>
        )}
        {!copied && (
          <button
            ref={copyButton}
            type="button"
            className="btn btn-primary"
            onClick={() => void copyNew()}
            disabled={created.copy.status === 'copying'}
            data-testid="created-key-copy"
          >
            Copy
          </button>
        )}
        <button ref={closeButton} type="button" className="btn" onClick={() => void onClose()} data-testid="created-key-close">
          Close
        </button>
      </div>
      <div role="status" aria-live="polite">
        {created.copy.status === 'copied' && (
          <TransientNote testId="created-key-copied">
            <p>Copied; clipboard clears in {Math.round((created.copy.clearsAfterMs ?? 60_000) / 1000)} s</p>
          </TransientNote>
        )}
      </div>
      {created.copy.status === 'error' && (
        <p className="msg msg-error" role="alert" data-testid="created-key-copy-error">
          Not copied: {describeError(created.copy.error)} The key stays here: Reveal it and copy it by hand, or try Copy again.
        </p>
      )}
    </section>
  );
}
