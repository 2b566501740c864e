import { useId, useState, type FormEvent } from 'react';
import type { EndpointId, ErrorInfo, Profile } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { SubmitRow } from '../../ui/submit-row';
import { ProfileFields } from './profile-fields';
import { useProfilesStore } from './profiles-store';

/**
 * The key routes a profile may re-route, with the path docs/API.md gives them. Contacts and messages
 * are not here: the API tab describes them (path, query and body), learned from a cURL.
 */
export const KEY_ROUTES: { id: EndpointId; label: string; defaultPath: string }[] = [
  { id: 'keys.list', label: 'List keys', defaultPath: 'GET /api/v1/api-keys' },
  { id: 'keys.create', label: 'Create key', defaultPath: 'POST /api/v1/api-keys' },
  { id: 'keys.delete', label: 'Delete key', defaultPath: 'DELETE /api/v1/api-keys/{id}' },
];

/** Overrides this form does not show (an older profile's message or contact paths) are kept as they are. */
function otherOverrides(profile: Profile): Partial<Record<EndpointId, string>> {
  const shown = new Set(KEY_ROUTES.map((r) => r.id));
  return Object.fromEntries(Object.entries(profile.endpointOverrides).filter(([id]) => !shown.has(id as EndpointId)));
}

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
    const cleaned: Partial<Record<EndpointId, string>> = otherOverrides(profile);
    for (const route of KEY_ROUTES) {
      const v = overrides[route.id]?.trim();
      if (v) cleaned[route.id] = v;
    }
    // The base URL goes along even when unchanged: saving the profile again is how the person
    // approves keys held back at an old address (the app asks; without a base URL it cannot).
    const patch = { name: name.trim(), baseUrl: baseUrl.trim(), endpointOverrides: cleaned };
    const r = await update(profile.id, patch);
    setBusy(false);
    if (!r.ok) setError(r.error);
    else onDone();
  };

  return (
    <form className="form-grid" onSubmit={(e) => void onSubmit(e)} aria-label="General" data-testid="edit-profile-form">
      <ProfileFields id={id} name={name} baseUrl={baseUrl} onName={setName} onBaseUrl={setBaseUrl} />
      <fieldset className="overrides">
        <legend>Key route overrides</legend>
        <p className="hint">Leave empty to use the default path. Contacts and messages are set in the API tab.</p>
        {KEY_ROUTES.map((route) => (
          <div className="field field-inline" key={route.id}>
            <label htmlFor={`${id}-${route.id}`}>
              {route.label} <span className="mono muted">({route.id})</span>
            </label>
            <input
              id={`${id}-${route.id}`}
              value={overrides[route.id] ?? ''}
              placeholder={route.defaultPath}
              onChange={(e) => setOverrides((o) => ({ ...o, [route.id]: e.target.value }))}
              autoComplete="off"
              spellCheck={false}
              className="mono"
            />
          </div>
        ))}
      </fieldset>
      <SubmitRow busy={busy}>Save profile</SubmitRow>
      {error && <ErrorMessage error={error} prefix="The profile was not saved" />}
    </form>
  );
}
