// The Roll dialog: replaces a live key with an overlap (keys:roll, core/keys/roll.ts). It says
// what happens, offers how long the old key keeps working on the service (default 24 hours),
// then shows the roll step by step as main names each step, and ends with the new key in use and
// the old one's retirement, or with main's sentence saying where the roll stopped. A modal dialog
// (ui/dialog.tsx): focus trapped and returned to what opened it; Escape closes it except while a
// roll runs, since a roll cannot stop halfway. Mounted app-wide, so any part of the window can
// open it for a key (keys-store openRoll).
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { KeyMeta } from '../../lib/api';
import { describeError } from '../../lib/api';
import { DEFAULT_GRACE, GRACES, ROLL_STEPS, type Grace, type RollOutcome, type RollStep } from '../../../src-main/shared/key-roll';
import { keyLabel } from '../../../src-main/shared/key-label';
import { Dialog } from '../../ui/dialog';
import { useProfilesStore } from '../profiles/profiles-store';
import { keyClock } from './key-clock';
import { selectRoll, useKeysStore, type RollState } from './keys-store';

const GRACE_LABEL: Record<Grace, string> = {
  now: 'Now (revoke it on the service at once)',
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
};

const STEP_LABEL: Record<RollStep, string> = {
  creating: 'Creating the new key on the service and saving it in the keychain',
  proving: 'Proving it with a live request',
  switching: 'Switching profiles to it',
  scheduling: 'Scheduling the old key’s retirement',
};

export function RollDialogHost() {
  const roll = useKeysStore(selectRoll);
  if (!roll) return null;
  return <RollDialog key={roll.keyId} roll={roll} />;
}

function RollDialog({ roll }: { roll: RollState }) {
  const close = useKeysStore((s) => s.closeRoll);
  const rollKey = useKeysStore((s) => s.rollKey);
  const [grace, setGrace] = useState<Grace>(DEFAULT_GRACE);
  const graceRef = useRef<HTMLSelectElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { key, run } = roll;
  const name = key?.name ?? 'this key';
  const label = key ? keyLabel({ lastFour: key.fingerprint }) : '';
  const profiles = useProfilesStore((s) => s.profiles);
  const users = profiles.filter((p) => p.activeKeyId === roll.keyId).map((p) => p.name);

  // focus follows the roll: onto the steps while the buttons are disabled, then onto Close
  useEffect(() => {
    if (run.status === 'rolling') progressRef.current?.focus();
    else if (run.status === 'done' || run.status === 'error') closeRef.current?.focus();
  }, [run.status]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (run.status === 'asking') void rollKey(grace);
  };

  return (
    <Dialog title={`Roll key “${name}”`} onCancel={close} initialFocusRef={graceRef} testId="roll-dialog">
      <form onSubmit={onSubmit}>
        {key && (
          <dl className="key-facts">
            <dt>Key</dt>
            <dd className="mono">{label}</dd>
            <dt>Used by</dt>
            <dd>{users.length === 0 ? 'no profile' : users.join(', ')}</dd>
          </dl>
        )}
        <p className="dialog-message">
          A new key with the same permissions is created on the service and saved in the keychain, proved with one live request, and every
          profile using “{name}” is switched to it. Only then is “{name}” revoked here; on the service it keeps working until its grace
          ends, so copies of it elsewhere can be replaced meanwhile.
        </p>
        <div className="field">
          <label htmlFor={`${id}-grace`}>Old key keeps working on the service for</label>
          <select
            id={`${id}-grace`}
            ref={graceRef}
            value={grace}
            onChange={(e) => setGrace(e.target.value as Grace)}
            disabled={run.status !== 'asking'}
            data-testid="roll-grace"
          >
            {GRACES.map((g) => (
              <option key={g} value={g}>
                {GRACE_LABEL[g]}
              </option>
            ))}
          </select>
        </div>
        {run.status !== 'asking' && <RollSteps run={run} progressRef={progressRef} />}
        {run.status === 'done' && <RollDone outcome={run.outcome} />}
        {run.status === 'error' && (
          <div role="alert" className="msg msg-error" data-testid="roll-error">
            <p>{describeError(run.error)}</p>
            {run.error.code !== 'validation' && key?.state !== 'revoked' && (
              <p>
                “{name}” ({label}) still works.
              </p>
            )}
          </div>
        )}
        <div className="dialog-actions">
          {run.status === 'asking' || run.status === 'rolling' ? (
            <>
              <button type="button" className="btn" onClick={close} disabled={run.status === 'rolling'}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={run.status === 'rolling'} data-testid="roll-accept">
                {run.status === 'rolling' ? 'Rolling…' : 'Roll'}
              </button>
            </>
          ) : (
            <button type="button" className="btn" ref={closeRef} onClick={close} data-testid="roll-close">
              Close
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** the steps, each done, under way or still to come; the live region says the current one */
function RollSteps({
  run,
  progressRef,
}: {
  run: Exclude<RollState['run'], { status: 'asking' }>;
  progressRef: RefObject<HTMLDivElement | null>;
}) {
  const at =
    run.status === 'rolling' ? (run.step === null ? 0 : ROLL_STEPS.indexOf(run.step)) : run.status === 'done' ? ROLL_STEPS.length : -1;
  const current = run.status === 'rolling' ? STEP_LABEL[run.step ?? 'creating'] : null;
  return (
    <div ref={progressRef} tabIndex={-1} role="group" aria-label="Roll progress" className="roll-steps" data-testid="roll-steps">
      <ol>
        {ROLL_STEPS.map((step, i) => (
          <li key={step} data-state={i < at ? 'done' : i === at ? 'current' : 'todo'}>
            {STEP_LABEL[step]}
            {i < at ? ' — done' : i === at && run.status === 'rolling' ? '…' : ''}
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="small" data-testid="roll-status">
        {current ? `${current}…` : ''}
      </p>
    </div>
  );
}

function RollDone({ outcome }: { outcome: RollOutcome }) {
  const profiles = useProfilesStore((s) => s.profiles);
  const { oldKey, newKey, switched, retiresAt } = outcome;
  const names = profiles.filter((p) => switched.includes(p.id)).map((p) => p.name);
  return (
    <div role="status" className="msg msg-success" data-testid="roll-done">
      <p>
        “{newKey.name}” ({keyLabel({ lastFour: newKey.fingerprint })}){' '}
        {names.length > 0 ? `is in use by ${names.join(', ')}` : 'is saved; no profile used the old key'}.
      </p>
      <p>{oldRetires(oldKey, retiresAt)}</p>
    </div>
  );
}

function oldRetires(oldKey: KeyMeta, retiresAt: string | null): string {
  const old = `“${oldKey.name}” (${keyLabel({ lastFour: oldKey.fingerprint })}) is revoked here`;
  return retiresAt !== null
    ? `${old} and retires on the service at ${keyClock(retiresAt)}; until then its value still works there.`
    : `${old} and on the service; the app checks that the service refuses it, and its row says what it found.`;
}
