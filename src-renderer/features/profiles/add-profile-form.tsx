import { useId, useState, type FormEvent } from 'react';
import { describeError } from '../../lib/api';
import { ErrorMessage, ErrorText } from '../../ui/messages';
import { useSecretInput } from '../../ui/secret-input';
import { SecretValueInput } from '../../ui/secret-value-input';
import { SubmitRow } from '../../ui/submit-row';
import type { ErrorInfo } from '../../lib/api';
import { ProfileFields } from './profile-fields';
import { useProfilesStore } from './profiles-store';

type Outcome = { kind: 'created'; name: string; keyError: ErrorInfo | null } | { kind: 'error'; error: ErrorInfo } | null;

/** Name + base URL + a first key. The key value field is uncontrolled and cleared on submit. */
export function AddProfileForm() {
  const createWithKey = useProfilesStore((s) => s.createWithKey);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('https://');
  const [keyName, setKeyName] = useState('Default key');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { ref: valueRef, take: takeValue } = useSecretInput();
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const keyValue = takeValue();
    setBusy(true);
    setOutcome(null);
    const r = await createWithKey({ name: name.trim(), baseUrl: baseUrl.trim(), keyName: keyName.trim(), keyValue });
    setBusy(false);
    if (r.ok) {
      setOutcome({ kind: 'created', name: r.profile.name, keyError: r.keyError });
      setName('');
      setBaseUrl('https://');
    } else setOutcome({ kind: 'error', error: r.error });
  };

  return (
    <form className="card form-grid" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} data-testid="add-profile-form">
      <h2 id={`${id}-title`}>Add a profile</h2>
      <ProfileFields id={id} name={name} baseUrl={baseUrl} onName={setName} onBaseUrl={setBaseUrl} />
      <div className="field">
        <label htmlFor={`${id}-keyname`}>Key name</label>
        <input id={`${id}-keyname`} value={keyName} onChange={(e) => setKeyName(e.target.value)} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-keyvalue`}>Key value</label>
        <SecretValueInput id={`${id}-keyvalue`} inputRef={valueRef} hintId={`${id}-keyhint`} />
        <p id={`${id}-keyhint`} className="hint">
          Optional; saved to the system keychain.
        </p>
      </div>
      <SubmitRow busy={busy}>Add profile</SubmitRow>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'created' && `Profile “${outcome.name}” created.`}
      </div>
      {outcome?.kind === 'created' && outcome.keyError && (
        <ErrorText>The profile was created but its key was not saved: {describeError(outcome.keyError)}</ErrorText>
      )}
      {outcome?.kind === 'error' && <ErrorMessage error={outcome.error} prefix="The profile was not created" />}
    </form>
  );
}
