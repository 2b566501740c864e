// "New profile from a cURL": the cURL a service's playground shows, pasted once, makes the
// profile (at the base URL the cURL implies, named after its host unless the person names it)
// and that operation's description together. The other operations are then taught in the
// API tab the form opens.
import { useId, useState, type FormEvent } from 'react';
import type { DescribedOperation, ErrorInfo } from '../../lib/api';
import { describeError } from '../../lib/api';
import { ErrorMessage, ErrorText } from '../../ui/messages';
import { useSecretInput } from '../../ui/secret-input';
import { SecretValueInput } from '../../ui/secret-value-input';
import { KEY_ENTRY_EITHER } from '../../../src-main/shared/key-entry-words';
import { SubmitRow } from '../../ui/submit-row';
import { hostOfCurl } from './curl-origin';
import { useProfilesStore } from './profiles-store';

/** the playground's tabs, in its order: what a pasted cURL most often does */
const CURL_OPERATIONS: { operation: DescribedOperation; label: string }[] = [
  { operation: 'messages.text', label: 'Send Text' },
  { operation: 'messages.media', label: 'Send Media' },
  { operation: 'messages.audio', label: 'Send Audio' },
  { operation: 'contacts.list', label: 'List contacts' },
  { operation: 'messages.list', label: 'List messages' },
  { operation: 'messages.template', label: 'Send Template' },
  { operation: 'media.upload', label: 'Upload media' },
  { operation: 'keys.check', label: 'Check key' },
];

type Outcome =
  | { kind: 'created'; name: string; label: string; warnings: string[]; keyError: ErrorInfo | null; apiError: ErrorInfo | null }
  | { kind: 'error'; error: ErrorInfo }
  | null;

/** `onCreated`: the new profile's id, to open its API tab for the other operations */
export function ProfileFromCurl({ onCreated }: { onCreated: (profileId: string) => void }) {
  const createFromCurl = useProfilesStore((s) => s.createFromCurl);
  const [curl, setCurl] = useState('');
  const [operation, setOperation] = useState<DescribedOperation>('messages.text');
  /** null: the name follows the pasted cURL's host */
  const [typedName, setTypedName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { ref: keyRef, take: takeKey } = useSecretInput();
  const id = useId();
  const name = typedName ?? hostOfCurl(curl) ?? '';
  const label = CURL_OPERATIONS.find((o) => o.operation === operation)?.label ?? operation;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const keyValue = takeKey();
    setBusy(true);
    setOutcome(null);
    const r = await createFromCurl({ curl, operation, name: name.trim(), keyValue });
    setBusy(false);
    if (!r.ok) {
      setOutcome({ kind: 'error', error: r.error });
      return;
    }
    setOutcome({ kind: 'created', name: r.profile.name, label, warnings: r.warnings, keyError: r.keyError, apiError: r.apiError });
    setCurl('');
    setTypedName(null);
    onCreated(r.profile.id);
  };

  return (
    <form className="card form-grid" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} data-testid="profile-from-curl">
      <h2 id={`${id}-title`}>New profile from a cURL</h2>
      <p className="hint">
        Paste one request the service’s playground shows: the profile takes its address from it and learns that request at once. Teach the
        others afterwards in the API tab.
      </p>
      <div className="field">
        <label htmlFor={`${id}-curl`}>The service’s cURL</label>
        <textarea
          id={`${id}-curl`}
          className="mono api-curl-input"
          rows={4}
          value={curl}
          onChange={(e) => setCurl(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-operation`}>What this cURL does</label>
        <select id={`${id}-operation`} value={operation} onChange={(e) => setOperation(e.target.value as DescribedOperation)}>
          {CURL_OPERATIONS.map((o) => (
            <option key={o.operation} value={o.operation}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Profile name</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setTypedName(e.target.value)}
          autoComplete="off"
          aria-describedby={`${id}-name-hint`}
          required
        />
        <p id={`${id}-name-hint`} className="hint">
          Proposed from the cURL’s host; change it if you like.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-key`}>Key value</label>
        <SecretValueInput id={`${id}-key`} inputRef={keyRef} hintId={`${id}-key-hint`} />
        <p id={`${id}-key-hint`} className="hint">
          Optional; saved to the system keychain. A key inside the cURL is never kept. {KEY_ENTRY_EITHER}
        </p>
      </div>
      <SubmitRow busy={busy}>Make the profile</SubmitRow>
      <div role="status" aria-live="polite" data-testid="profile-from-curl-status">
        {outcome?.kind === 'created' &&
          `Profile “${outcome.name}” created, with ${outcome.label} as the service asks for it. Its API tab is open for the other requests.`}
      </div>
      {outcome?.kind === 'created' && outcome.warnings.length > 0 && (
        <ul className="details hint">
          {outcome.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {outcome?.kind === 'created' && outcome.apiError && (
        <ErrorText>
          The profile was created but {outcome.label} was not saved: {describeError(outcome.apiError)}
        </ErrorText>
      )}
      {outcome?.kind === 'created' && outcome.keyError && (
        <ErrorText>The profile was created but its key was not saved: {describeError(outcome.keyError)}</ErrorText>
      )}
      {outcome?.kind === 'error' && <ErrorMessage error={outcome.error} prefix="No profile was made" />}
    </form>
  );
}
