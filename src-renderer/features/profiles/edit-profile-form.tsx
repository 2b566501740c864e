import { useId, useState, type FormEvent } from 'react';
import type { EndpointId, ErrorInfo, Profile } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { confirmInsecureHttp } from './insecure-confirm';
import { ProfileFields } from './profile-fields';
import { useProfilesStore } from './profiles-store';

/** Every endpoint a profile may re-route, with the path API.md gives it. */
export const ENDPOINTS: { id: EndpointId; label: string; defaultPath: string }[] = [
  { id: 'contacts.list', label: 'List contacts', defaultPath: 'GET /api/v1/contacts' },
  { id: 'messages.text', label: 'Send text', defaultPath: 'POST /api/v1/messages/text' },
  { id: 'messages.media', label: 'Send media', defaultPath: 'POST /api/v1/messages/media' },
  { id: 'messages.audio', label: 'Send audio', defaultPath: 'POST /api/v1/messages/audio' },
  { id: 'messages.list', label: 'List messages', defaultPath: 'GET /api/v1/messages' },
  { id: 'keys.list', label: 'List keys', defaultPath: 'GET /api/v1/api-keys' },
  { id: 'keys.create', label: 'Create key', defaultPath: 'POST /api/v1/api-keys' },
  { id: 'keys.delete', label: 'Delete key', defaultPath: 'DELETE /api/v1/api-keys/{id}' },
];

export function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const update = useProfilesStore((s) => s.update);
  const [name, setName] = useState(profile.name);
  const [baseUrl, setBaseUrl] = useState(profile.baseUrl);
  const [overrides, setOverrides] = useState<Partial<Record<EndpointId, string>>>(profile.endpointOverrides);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const cleaned: Partial<Record<EndpointId, string>> = {};
    for (const ep of ENDPOINTS) {
      const v = overrides[ep.id]?.trim();
      if (v) cleaned[ep.id] = v;
    }
    const patch = {
      name: name.trim(),
      ...(baseUrl.trim() !== profile.baseUrl ? { baseUrl: baseUrl.trim() } : {}),
      endpointOverrides: cleaned,
    };
    const r = await update(profile.id, patch, confirmInsecureHttp);
    setBusy(false);
    if (r === null) setError({ code: 'validation', message: 'Not saved: plain http was declined.' });
    else if (!r.ok) setError(r.error);
    else onDone();
  };

  return (
    <form className="card form-grid" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} data-testid="edit-profile-form">
      <h2 id={`${id}-title`}>Edit “{profile.name}”</h2>
      <ProfileFields id={id} name={name} baseUrl={baseUrl} onName={setName} onBaseUrl={setBaseUrl} />
      <fieldset className="overrides">
        <legend>Endpoint path overrides</legend>
        <p className="hint">Leave empty to use the default path. Use this when a service routes an operation elsewhere.</p>
        {ENDPOINTS.map((ep) => (
          <div className="field field-inline" key={ep.id}>
            <label htmlFor={`${id}-${ep.id}`}>
              {ep.label} <span className="mono muted">({ep.id})</span>
            </label>
            <input
              id={`${id}-${ep.id}`}
              value={overrides[ep.id] ?? ''}
              placeholder={ep.defaultPath}
              onChange={(e) => setOverrides((o) => ({ ...o, [ep.id]: e.target.value }))}
              autoComplete="off"
              spellCheck={false}
              className="mono"
            />
          </div>
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save profile
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Close
        </button>
      </div>
      {error && <ErrorMessage error={error} prefix="The profile was not saved" />}
    </form>
  );
}
