import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage, ErrorText } from '../../ui/messages';
import { useSecretInput } from '../../ui/secret-input';
import { SecretValueInput } from '../../ui/secret-value-input';
import { SubmitRow } from '../../ui/submit-row';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
import { useKeyEntryHint } from './key-entry-hint';
import { selectAddState, useKeysStore } from './keys-store';

/** The key value field is a secret input (ui/secret-input.ts): read once on submit and handed to keys:add. */
export function AddKeyForm() {
  const profile = useProfilesStore(selectActiveProfile);
  const addKey = useKeysStore((s) => s.addKey);
  const add = useKeysStore(selectAddState);
  const [name, setName] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const { ref: valueRef, take: takeValue } = useSecretInput();
  const id = useId();
  const entryHint = useKeyEntryHint(profile?.id ?? null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = takeValue();
    if (!profile) {
      setLocalError('Create or choose a profile first.');
      return;
    }
    if (!name.trim()) {
      setLocalError('Give the key a name.');
      return;
    }
    if (!value) {
      setLocalError('Paste the key value.');
      return;
    }
    setLocalError(null);
    const ok = await addKey(profile.id, name.trim(), value);
    if (ok) setName('');
  };

  return (
    <form className="card form-grid" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} data-testid="add-key-form">
      <h2 id={`${id}-title`}>Add a key</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Key name</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" data-testid="add-key-name" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`}>Key value</label>
        <SecretValueInput id={`${id}-value`} inputRef={valueRef} hintId={`${id}-hint`} testId="add-key-value" />
        <p id={`${id}-hint`} className="hint" data-testid="add-key-hint">
          {entryHint === null ? '' : `${entryHint} `}Saved to the system keychain; never shown again.
        </p>
      </div>
      <SubmitRow busy={add.status === 'saving'}>Add key</SubmitRow>
      <div role="status" aria-live="polite" data-testid="add-key-status">
        {add.status === 'saving' && 'Saving…'}
        {add.status === 'saved' && `Key “${add.name}” saved to the keychain.`}
      </div>
      {localError && <ErrorText>{localError}</ErrorText>}
      {add.status === 'error' && <ErrorMessage error={add.error} prefix="The key was not saved" />}
    </form>
  );
}
