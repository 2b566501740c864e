import { useId } from 'react';
import { ConnectionStatus } from './connection-status';
import { fingerprintLabel } from '../lib/format';
import { selectKeyById, useKeysStore } from '../features/keys/keys-store';
import { selectActiveProfile, selectProfiles, selectTerminalProfileIfOther, useProfilesStore } from '../features/profiles/profiles-store';

/** Always shows the active profile and key, and switches profiles. */
export function AppHeader() {
  const profiles = useProfilesStore(selectProfiles);
  const active = useProfilesStore(selectActiveProfile);
  const activate = useProfilesStore((s) => s.activate);
  const terminalProfile = useProfilesStore(selectTerminalProfileIfOther);
  const activeKey = useKeysStore(selectKeyById(active?.activeKeyId ?? null));
  const selectId = useId();

  return (
    <header className="app-header">
      <p className="app-title">CRM Console</p>
      <div className="header-context">
        <ConnectionStatus />
        <div className={`header-item${active?.live === true ? ' header-live' : ''}`} data-testid="active-profile">
          <span className="header-label">Profile</span> <span className="header-value">{active ? active.name : 'none'}</span>
          {active?.sandbox && <span className="badge">sandbox</span>}
          {/* the word, not only the colour: a live profile reaches real people */}
          {active?.live === true && (
            <span className="badge badge-live" data-testid="live-badge">
              live
            </span>
          )}
        </div>
        {terminalProfile && (
          <div className="header-item muted" data-testid="terminal-profile">
            <span className="header-label">crm uses</span> <span className="header-value">{terminalProfile.name}</span>
          </div>
        )}
        <div className="header-item" data-testid="active-key">
          <span className="header-label">Key</span>{' '}
          {activeKey ? (
            <span className="header-value">
              {activeKey.name} <span className="mono">{fingerprintLabel(activeKey.fingerprint)}</span>
            </span>
          ) : (
            <span className="header-value muted">{active?.activeKeyId ? 'loading…' : 'no active key'}</span>
          )}
        </div>
        <div className="header-item">
          <label htmlFor={selectId} className="header-label">
            Switch profile
          </label>{' '}
          <select
            id={selectId}
            className="select-compact"
            value={active?.id ?? ''}
            onChange={(e) => void activate(e.target.value)}
            disabled={profiles.length === 0}
            data-testid="profile-switcher"
          >
            {profiles.length === 0 && <option value="">No profiles</option>}
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </header>
  );
}
