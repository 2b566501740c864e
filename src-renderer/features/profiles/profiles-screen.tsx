import { useEffect, useState } from 'react';
import type { Profile } from '../../lib/api';
import { describeError } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { requestConfirm } from '../../ui/confirm-store';
import { DataTable } from '../../ui/data-table';
import { usePicked } from '../../app/use-picked';
import { AddProfileForm } from './add-profile-form';
import { CaFilePanel } from './ca-file-panel';
import { RequestDeadlinePanel } from './request-deadline-panel';
import { RestoreSandbox } from './restore-sandbox';
import { EditProfile, type EditTab } from './edit-profile';
import { useEditRequest } from './edit-request';
import { ProfileFromCurl } from './profile-from-curl';
import { LiveToggle } from './live-toggle';
import { selectActiveProfileId, selectProfiles, useProfilesStore } from './profiles-store';
import { ErrorText } from '../../ui/messages';

const PROFILE_COLUMNS = ['Name', 'Base URL', 'Created', 'Actions'];

export function ProfilesScreen() {
  const profiles = useProfilesStore(selectProfiles);
  const activeId = useProfilesStore(selectActiveProfileId);
  const {
    terminalProfileId: terminalId,
    status,
    error,
    actionError,
    activate,
    remove,
  } = usePicked(useProfilesStore, 'terminalProfileId', 'status', 'error', 'actionError', 'activate', 'remove');
  // another screen may have asked for a profile's page (the conversation's "set up in Profiles")
  const [asked] = useState(() => useEditRequest.getState().request);
  useEffect(() => {
    if (asked) useEditRequest.getState().clear();
  }, [asked]);
  const [editing, setEditing] = useState<string | null>(asked?.profileId ?? null);
  /** a profile just made from a cURL opens on its API tab, for the service's other requests */
  const [editTab, setEditTab] = useState<EditTab>(asked?.tab ?? 'general');
  const edit = (id: string | null, tab: EditTab = 'general'): void => {
    setEditTab(tab);
    setEditing(id);
  };
  const editingProfile = profiles.find((p) => p.id === editing) ?? null;

  const onDelete = async (p: Profile) => {
    const ok = await requestConfirm({
      title: `Delete profile “${p.name}”?`,
      message: `The profile and the keys saved for it are removed from this app (and from the keychain). Keys on the server are not revoked.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) {
      if (editing === p.id) edit(null);
      await remove(p.id);
    }
  };

  return (
    <section className="screen screen-profiles" aria-labelledby="profiles-title">
      <h1 id="profiles-title">Profiles</h1>
      {status === 'error' && error && <ErrorText>Profiles could not be loaded: {describeError(error)}</ErrorText>}
      {actionError && <ErrorText>{describeError(actionError)}</ErrorText>}
      {profiles.length > 0 && (
        <DataTable label="Profiles" testId="profiles-table" columns={PROFILE_COLUMNS}>
          {profiles.map((p) => {
            const isActive = p.id === activeId;
            return (
              <tr key={p.id} data-testid={`profile-row-${p.id}`}>
                <th scope="row">
                  {p.name} {isActive && <span className="badge badge-accent">active</span>}{' '}
                  {p.sandbox && <span className="badge">sandbox</span>}
                  {p.allowInsecureHttp && <span className="badge badge-warning">plain http</span>}
                  {p.live === true && <span className="badge badge-live">live</span>}
                  {/* the window's choice is its own: the terminal's is named when it is another */}
                  {p.id === terminalId && !isActive && <span className="badge">crm uses</span>}
                </th>
                <td className="mono">{p.baseUrl}</td>
                <td>{formatTime(p.createdAt)}</td>
                <td>
                  <div className="button-row">
                    <button type="button" className="btn btn-small" onClick={() => void activate(p.id)} disabled={isActive}>
                      Switch to
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => edit(p.id)} aria-pressed={editing === p.id}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-small btn-danger" onClick={() => void onDelete(p)}>
                      Delete
                    </button>
                    <LiveToggle profile={p} />
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {status === 'ready' && profiles.length === 0 && <p className="empty">No profiles yet: add one below.</p>}
      {editingProfile && (
        <EditProfile key={`${editingProfile.id}-${editTab}`} profile={editingProfile} initialTab={editTab} onDone={() => edit(null)} />
      )}
      <ProfileFromCurl onCreated={(id) => edit(id, 'api')} />
      <AddProfileForm />
      <RestoreSandbox />
      <CaFilePanel />
      <RequestDeadlinePanel />
    </section>
  );
}
