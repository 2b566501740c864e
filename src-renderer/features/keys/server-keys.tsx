import { useEffect, useId, useState, type FormEvent } from 'react';
import { PERMISSIONS } from '../../../src-main/shared/permissions';
import type { Permission, ServerKey } from '../../lib/api';
import { describeError } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { DataTable } from '../../ui/data-table';
import { ErrorMessage, ErrorText } from '../../ui/messages';
import { SubmitRow } from '../../ui/submit-row';
import { TransientNote } from '../../ui/transient-note';
import { keyLabel } from '../../../src-main/shared/key-label';
import { CreatedKeyPanel } from './created-key-panel';
import { EXPIRY_OPTIONS, expiryInput, type ExpiryChoice } from './expiry-choice';
import { revokeWithDialog, serverSubject } from './revoke-flow';
import { selectActiveProfile, useProfilesStore } from '../profiles/profiles-store';
import { selectSavedLastFour, selectServer, selectServerIdOf, useKeysStore } from './keys-store';
import { CopyLastCurl } from '../log/copy-last-curl';
import { usePicked } from '../../app/use-picked';

const SERVER_KEY_COLUMNS = ['Name', 'Key', 'Permissions', 'Created', 'Last used', 'Actions'];

/** a revocation in the outbox, of a key the server still lists (it leaves the list once the server has it) */
const REVOCATION_TEXT: Record<NonNullable<ServerKey['revocation']>['state'], string> = {
  pending: 'Revocation in the outbox',
  synced: 'Revoked',
  failed: 'Revocation failed: see Outbox',
  local_only: 'Revoked here only',
};

/** Keys on the server (needs keys:manage): list, create (value straight to the keychain), revoke. */
export function ServerKeys() {
  const {
    profileId,
    loadServerKeys: load,
    serverMessage: message,
  } = usePicked(useKeysStore, 'profileId', 'loadServerKeys', 'serverMessage');
  const server = useKeysStore(selectServer);
  useEffect(() => {
    if (profileId) void load();
  }, [profileId, load]);

  return (
    <section className="card" aria-labelledby="server-keys-title" data-testid="server-keys">
      <div className="section-head">
        <h2 id="server-keys-title">Server keys (admin)</h2>
        <button type="button" className="btn btn-small" onClick={() => void load()} disabled={server.status === 'loading'}>
          Refresh server keys
        </button>
        <CopyLastCurl endpoint="keys.list" what="server keys list" testId="keys-copy-curl" />
      </div>
      {server.status === 'loading' && <p role="status">Loading server keys…</p>}
      {server.status === 'forbidden' && (
        <p className="msg msg-warning" role="alert" data-testid="server-keys-forbidden">
          {describeError(server.error)} Server keys need a key with the keys:manage permission; make such a key active to manage keys here.
        </p>
      )}
      {server.status === 'error' && <ErrorMessage error={server.error} prefix="Server keys could not be loaded" />}
      {server.status === 'ready' && server.cachedAt && (
        <p className="msg msg-warning" role="status" data-testid="server-keys-cached">
          The server cannot be reached: these are its keys as last seen, {formatTime(server.cachedAt)}. A revocation is saved to the outbox
          and reaches the server when it can.
        </p>
      )}
      {server.status === 'ready' && <ServerKeyTable keys={server.keys} />}
      <div role="status" aria-live="polite">
        {message && (
          <TransientNote key={message} testId="server-keys-message">
            <p>{message}</p>
          </TransientNote>
        )}
      </div>
      {server.status !== 'forbidden' && <CreateKeyForm />}
    </section>
  );
}

function ServerKeyTable({ keys }: { keys: ServerKey[] }) {
  const revoke = useKeysStore((s) => s.revokeServerKey);
  const rowErrors = useKeysStore((s) => s.rowErrors);
  const inUse = useKeysStore(selectServerIdOf(useProfilesStore((s) => selectActiveProfile(s)?.activeKeyId ?? null)));
  if (keys.length === 0) return <p className="empty">No keys on the server.</p>;
  // named with what its saved copy adds (last four, the profiles using it), read when asked
  const onRevoke = (k: ServerKey) =>
    revokeWithDialog(serverSubject(k, useKeysStore.getState().keys.find((saved) => saved.serverKeyId === k.id) ?? null), () =>
      revoke(k.id),
    );
  return (
    <DataTable label="Server keys" testId="server-keys-table" columns={SERVER_KEY_COLUMNS}>
      {keys.map((k) => (
        <tr key={k.id} data-testid={`server-key-row-${k.id}`} className={k.revocation ? 'row-revoking' : undefined}>
          <th scope="row">
            {k.name}{' '}
            {k.id === inUse && (
              <span className="badge badge-accent" data-testid={`server-key-in-use-${k.id}`}>
                in use
              </span>
            )}
          </th>
          <ServerKeyLabel k={k} />
          <td>{k.permissions.join(', ') || 'none'}</td>
          <td>{formatTime(k.createdAt)}</td>
          <td>{formatTime(k.lastUsedAt)}</td>
          <td>
            {k.revocation ? (
              <span className="badge badge-warning" data-testid={`server-key-revocation-${k.id}`}>
                {REVOCATION_TEXT[k.revocation.state]}
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-small btn-danger"
                onClick={() => void onRevoke(k)}
                data-testid={`server-key-revoke-${k.id}`}
              >
                Revoke
              </button>
            )}
            {rowErrors[k.id] && <ErrorText>{describeError(rowErrors[k.id]!)}</ErrorText>}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** the listed prefix, and the last four when the key is also saved here: as the saved keys show it */
function ServerKeyLabel({ k }: { k: ServerKey }) {
  const lastFour = useKeysStore(selectSavedLastFour(k.id));
  return (
    <td className="mono" data-testid={`server-key-label-${k.id}`}>
      {keyLabel({ prefix: k.prefix, lastFour })}
    </td>
  );
}

function CreateKeyForm() {
  const create = useKeysStore((s) => s.createServerKey);
  const state = useKeysStore((s) => s.createServer);
  const [name, setName] = useState('');
  const [perms, setPerms] = useState<Permission[]>(['contacts:read', 'messages:send']);
  const [expiry, setExpiry] = useState<ExpiryChoice>('none');
  const [lastDay, setLastDay] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setLocalError('Give the new key a name.');
      return;
    }
    const expires = expiryInput(expiry, lastDay, new Date());
    if (!expires.ok) {
      setLocalError(expires.problem);
      return;
    }
    setLocalError(null);
    if (await create(name.trim(), perms, expires.expires)) setName('');
  };

  return (
    <form className="form-grid" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} data-testid="create-key-form">
      <h3 id={`${id}-title`} className="subheading">
        Create a key on the server
      </h3>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name for the new server key</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={100} />
      </div>
      <fieldset className="choice">
        <legend>Permissions</legend>
        {PERMISSIONS.map((p) => (
          <label key={p} className="choice-item">
            <input
              type="checkbox"
              checked={perms.includes(p)}
              onChange={(e) => setPerms((cur) => (e.target.checked ? [...cur, p] : cur.filter((x) => x !== p)))}
            />
            <span className="mono">{p}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-expiry`}>Expires</label>
        <select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as ExpiryChoice)}
          aria-describedby={`${id}-expiry-hint`}
        >
          {EXPIRY_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
        <span id={`${id}-expiry-hint`} className="hint">
          Kept on this computer: the key is not sent after it.
        </span>
      </div>
      {expiry === 'date' && (
        <div className="field">
          <label htmlFor={`${id}-last-day`}>Last day the key is used</label>
          <input id={`${id}-last-day`} type="date" value={lastDay} onChange={(e) => setLastDay(e.target.value)} />
        </div>
      )}
      <SubmitRow busy={state.status === 'creating'}>Create key</SubmitRow>
      {localError && <ErrorText>{localError}</ErrorText>}
      {state.status === 'error' && <ErrorMessage error={state.error} prefix="The key was not created" />}
      {/* not a live region: a revealed value is never read out on its own */}
      <CreatedKeyPanel />
    </form>
  );
}
