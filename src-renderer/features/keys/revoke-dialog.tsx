// The revoke dialog: names the key (name, listed start and last four, created, last used, the
// profiles using it), says what stops working, offers to switch each using profile to another
// live key first, and for a live key in use keeps Revoke disabled until its last four are typed.
// A modal alertdialog (ui/dialog.tsx): focus trapped and returned, Escape cancels; it opens on
// Cancel (or on the typing field), so a stray Enter revokes nothing.
import { useId, useRef, useState, type FormEvent } from 'react';
import { keyLabel } from '../../../src-main/shared/key-label';
import { formatTime } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { REVOKE_WARNING } from './revoke-words';
import { selectRevokeQuestion, useRevokeDialogStore } from './revoke-dialog-store';
import { stopsWorking, typedMatches, type RevokePlan } from './revoke-plan';

/** "" in a switch choice: keep the profile on this key (it stops working) */
const NO_SWITCH = '';

export function RevokeDialogHost() {
  const current = useRevokeDialogStore(selectRevokeQuestion);
  if (!current) return null;
  return <RevokeDialog key={current.id} plan={current} />;
}

function RevokeDialog({ plan }: { plan: RevokePlan }) {
  const answer = useRevokeDialogStore((s) => s.answer);
  const { subject, usedBy, needsTyping } = plan;
  const [typed, setTyped] = useState('');
  const [switchTo, setSwitchTo] = useState<Record<string, string>>({});
  const cancelRef = useRef<HTMLButtonElement>(null);
  const typeRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const label = keyLabel({ prefix: subject.prefix, lastFour: subject.lastFour });
  const title = subject.kind === 'saved' ? `Revoke key “${subject.name}”?` : `Revoke server key “${subject.name}”?`;
  const confirmed = !needsTyping || typedMatches(typed, subject.lastFour);
  const after =
    subject.kind === 'saved'
      ? 'stops working here at once; the revocation is sent to the server through the outbox.'
      : 'is deleted on the server; this cannot be undone.';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed) return;
    answer({ switchTo: Object.fromEntries(Object.entries(switchTo).filter(([, keyId]) => keyId !== NO_SWITCH)) });
  };

  return (
    <Dialog
      title={title}
      onCancel={() => answer(null)}
      initialFocusRef={needsTyping ? typeRef : cancelRef}
      role="alertdialog"
      testId="revoke-dialog"
    >
      <form onSubmit={onSubmit}>
        <dl className="key-facts" data-testid="revoke-key-facts">
          <dt>Key</dt>
          <dd className="mono" data-testid="revoke-key-label">
            {label}
          </dd>
          <dt>Created</dt>
          <dd data-testid="revoke-key-created">{formatTime(subject.createdAt)}</dd>
          <dt>Last used</dt>
          <dd data-testid="revoke-key-last-used">{subject.lastUsedAt ? formatTime(subject.lastUsedAt) : 'never'}</dd>
          <dt>Used by</dt>
          <dd data-testid="revoke-key-used-by">
            {usedBy.length === 0
              ? 'no profile'
              : usedBy.map((u) => (u.active ? `${u.profileName} (this window’s profile)` : u.profileName)).join(', ')}
          </dd>
        </dl>
        <p className="dialog-message">
          {REVOKE_WARNING} “{subject.name}” ({label}) {after}
        </p>
        {usedBy.map((use) => (
          <div key={use.profileId} className="msg msg-warning revoke-use" data-testid={`revoke-use-${use.profileId}`}>
            <p>{stopsWorking(use)}</p>
            {use.alternatives.length > 0 ? (
              <div className="field">
                <label htmlFor={`${id}-switch-${use.profileId}`}>Switch {use.profileName} to…</label>
                <select
                  id={`${id}-switch-${use.profileId}`}
                  value={switchTo[use.profileId] ?? NO_SWITCH}
                  onChange={(e) => setSwitchTo((cur) => ({ ...cur, [use.profileId]: e.target.value }))}
                >
                  <option value={NO_SWITCH}>Do not switch (its requests are refused)</option>
                  {use.alternatives.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name} ({keyLabel({ lastFour: a.fingerprint })})
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="hint">{use.profileName} has no other live key to switch to: add or create one first to keep it working.</p>
            )}
          </div>
        ))}
        {needsTyping && (
          <div className="field">
            <label htmlFor={`${id}-type`}>
              Type the key’s last 4 characters, <span className="mono">{subject.lastFour}</span>, to revoke it
            </label>
            <input
              id={`${id}-type`}
              ref={typeRef}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              className="mono"
              data-testid="revoke-type-last-four"
            />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" ref={cancelRef} onClick={() => answer(null)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={!confirmed} data-testid="revoke-accept">
            Revoke
          </button>
        </div>
      </form>
    </Dialog>
  );
}
