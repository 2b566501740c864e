// How long one request may take in all, its answer included (docs/network.md): the data folder's
// setting, so the window and every `crm` command on it use the same. A service that trickles its
// answer a byte at a time passes every silence timeout and is ended only by this. Whole seconds
// within the range main gives; anything else is refused here with the range, and by main too.
import { useId, useState, type FormEvent } from 'react';
import { invoke } from '../../lib/api';
import { ErrorMessage, FieldProblems } from '../../ui/messages';
import { useMainSetting } from './use-main-setting';

export function RequestDeadlinePanel() {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // what main says is in force fills the field, on opening and after each change
  const {
    value: state,
    busy,
    error,
    change,
  } = useMainSetting(
    () => invoke('settings:request-deadline', {}),
    (answer) => {
      setDraft(String(answer.seconds));
      setProblem(null);
    },
  );

  const save = (seconds: number | null): void => void change(() => invoke('settings:set-request-deadline', { seconds }));

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (state === null) return;
    const seconds = Number(draft.trim());
    if (draft.trim() === '' || !Number.isInteger(seconds) || seconds < state.min || seconds > state.max) {
      setProblem(`Whole seconds from ${state.min} to ${state.max}.`);
      return;
    }
    save(seconds);
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="request-deadline">
      <h2 id={`${id}-title`}>Request deadline</h2>
      <p className="hint" id={`${id}-hint`}>
        How long one request may take in all, its answer included, for every profile. A service that answers slowly but never stops is cut
        off then. A send cut off may have been taken: it keeps its Idempotency-Key, so a retry is never a second message.
      </p>
      {state && (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-seconds`}>Seconds</label>
            <input
              id={`${id}-seconds`}
              className="input-seconds"
              type="number"
              inputMode="numeric"
              min={state.min}
              max={state.max}
              step={1}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem !== null}
              aria-describedby={problem === null ? `${id}-hint` : `${id}-problem`}
            />
            <FieldProblems id={`${id}-problem`} problems={problem === null ? [] : [problem]} />
          </div>
          <div className="button-row">
            <button type="submit" className="btn" disabled={busy || draft === String(state.seconds)}>
              Save
            </button>
            {!state.isDefault && (
              <button type="button" className="btn" onClick={() => save(null)} disabled={busy}>
                Back to the default ({state.defaultSeconds} s)
              </button>
            )}
          </div>
        </form>
      )}
      {state && (
        <p role="status" className="hint" data-testid="request-deadline-state">
          {state.seconds} s{state.isDefault ? ' (the default)' : ''}
        </p>
      )}
      {error && <ErrorMessage error={error} prefix="The request deadline was not changed" testId="request-deadline-error" />}
    </section>
  );
}
