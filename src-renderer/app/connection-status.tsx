import { selectNet, selectWaitingCount, useOutboxStore } from '../features/outbox/outbox-store';

/** Online or offline, and how many operations wait in the outbox: always in the header. */
export function ConnectionStatus() {
  const net = useOutboxStore(selectNet);
  const waiting = useOutboxStore(selectWaitingCount);
  const offline = net?.online === false;
  return (
    <div
      className={offline ? 'header-item net net-offline' : 'header-item net net-online'}
      role="status"
      aria-live="polite"
      data-testid="connection-status"
    >
      {/* the dot and the word's colour say it at a glance; the word says it without colour */}
      <span className="header-label">Connection</span>{' '}
      <span className="header-value net-state" data-testid="connection-state">
        <span className="net-dot" aria-hidden="true" />
        {offline ? 'Offline' : 'Online'}
      </span>
      {waiting > 0 && (
        <span className="badge" data-testid="outbox-waiting">
          {waiting} in outbox
        </span>
      )}
    </div>
  );
}
