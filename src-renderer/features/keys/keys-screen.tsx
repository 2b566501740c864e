import { describeError } from '../../lib/api';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
import { AddKeyForm } from './add-key-form';
import { emptyViewText, keysInView } from './key-filter';
import { KeyFilterBar } from './key-filter-bar';
import { HeldBackNotice } from './held-back';
import { KeyTable } from './key-table';
import { useKeysStore } from './keys-store';
import { RevokeDialogHost } from './revoke-dialog';
import { ServerKeys } from './server-keys';
import { useValueWatch } from './use-value-watch';
import { usePicked } from '../../app/use-picked';

export function KeysScreen() {
  const profile = useProfilesStore(selectActiveProfile);
  const { keys, status, error, reload, filter, profileId } = usePicked(
    useKeysStore,
    'keys',
    'status',
    'error',
    'reload',
    'filter',
    'profileId',
  );
  useValueWatch(profileId);
  const shown = keysInView(keys, filter);
  return (
    <section className="screen screen-keys" aria-labelledby="keys-title">
      <h1 id="keys-title">Keys</h1>
      <p className="lead">
        Keys saved for <strong>{profile?.name ?? 'no profile'}</strong>. Values live in the system keychain; only the last four characters
        are shown.
      </p>
      {status === 'loading' && <p role="status">Loading keys…</p>}
      {status === 'error' && error && (
        <div role="alert" className="msg msg-error">
          <p>Keys could not be loaded: {describeError(error)}</p>
          <button type="button" className="btn btn-small" onClick={() => void reload()}>
            Retry
          </button>
        </div>
      )}
      {profile && <HeldBackNotice profile={profile} />}
      {keys.length > 0 && <KeyFilterBar shown={shown.length} total={keys.length} />}
      {status === 'ready' && shown.length === 0 && <p className="empty">{emptyViewText(keys.length, filter)}</p>}
      {shown.length > 0 && <KeyTable keys={shown} />}
      {/* keyed by profile: a half-typed name or a local problem is about the profile it was typed under */}
      <AddKeyForm key={`add-${profile?.id ?? ''}`} />
      {profile && <ServerKeys key={`server-${profile.id}`} />}
      <RevokeDialogHost />
    </section>
  );
}
