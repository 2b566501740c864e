import type { OutboxItem, OutboxState } from '../../lib/api';
import { describeError } from '../../lib/api';
import { CheckIcon, ClockIcon, AlertIcon, SpinnerIcon } from '../../ui/icons';
import { ErrorMessage, ErrorText } from '../../ui/messages';
import { LoadedListState } from '../../ui/loaded-list-state';
import { RelativeTime } from '../../ui/relative-time';
import { PENDING_REASON, selectNet, selectOutboxItems, useOutboxStore } from './outbox-store';
import { OUTBOX_STATE_WORDS } from './outbox-words';

const KIND_LABEL: Record<OutboxItem['kind'], string> = {
  'send.text': 'Text message',
  'send.media': 'Media message',
  'send.audio': 'Voice note',
  'send.template': 'Template message',
  'keys.revoke': 'Key revocation',
  'keys.prove': 'Revoked key check',
};

/** each group is titled with the words the send panel uses for the same state */
const GROUPS: { state: OutboxState; title: string }[] = (['pending', 'sending', 'failed', 'sent', 'cancelled'] as const).map((state) => ({
  state,
  title: OUTBOX_STATE_WORDS[state],
}));

export function OutboxScreen() {
  const items = useOutboxStore(selectOutboxItems);
  const sync = useOutboxStore((s) => s.sync);
  const syncing = useOutboxStore((s) => s.syncing);
  const syncError = useOutboxStore((s) => s.actionErrors['']);
  return (
    <section className="screen screen-outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox</h1>
      <div className="toolbar">
        <NetStatusLine />
        <button type="button" className="btn" onClick={() => void sync()} disabled={syncing}>
          Sync now
        </button>
      </div>
      {syncError && <ErrorMessage error={syncError} prefix="Sync failed" />}
      <LoadedListState
        store={useOutboxStore}
        count={items.length}
        failed="The outbox could not be loaded"
        empty="The outbox is empty: nothing waits to be sent."
      />
      {GROUPS.map((g) => {
        const group = items.filter((i) => i.state === g.state);
        if (group.length === 0) return null;
        return (
          <section key={g.state} className="card" aria-labelledby={`outbox-${g.state}`} data-testid={`outbox-${g.state}`}>
            <h2 id={`outbox-${g.state}`}>
              {g.title} ({group.length})
            </h2>
            <ul className="outbox-list">
              {group.map((item) => (
                <OutboxRow key={item.id} item={item} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

function NetStatusLine() {
  const net = useOutboxStore(selectNet);
  if (!net) return <p className="muted">Connection status unknown.</p>;
  return (
    <p role="status" aria-live="polite" className={net.online ? 'net net-online' : 'net net-offline'} data-testid="net-status">
      <span className="net-dot" aria-hidden="true" />
      {net.online ? 'Online' : 'Offline: sends are saved here and go out when the connection returns'}
      {` · ${net.pending} pending`}
    </p>
  );
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const cancel = useOutboxStore((s) => s.cancel);
  const retry = useOutboxStore((s) => s.retry);
  const actionError = useOutboxStore((s) => s.actionErrors[item.id]);
  return (
    <li className={`outbox-item state-${item.state}`} data-testid={`outbox-item-${item.id}`}>
      <div className="outbox-main">
        <StateIcon state={item.state} />
        <div>
          <p>
            <strong>{KIND_LABEL[item.kind]}</strong> · <span className="mono">{item.label}</span>
          </p>
          <p className="muted small">
            created <RelativeTime iso={item.createdAt} testId={`outbox-created-${item.id}`} /> · {item.attempts}{' '}
            {item.attempts === 1 ? 'attempt' : 'attempts'}
            {item.nextAttemptAt && item.state === 'pending' && (
              <>
                {' · next try '}
                <RelativeTime iso={item.nextAttemptAt} />
              </>
            )}
          </p>
          {item.state === 'pending' && item.pendingReason && <p className="small">Why: {PENDING_REASON[item.pendingReason]}</p>}
          {item.pendingReason === 'held' && item.lastError && <p className="small error-text">{item.lastError.message}</p>}
          {item.state === 'failed' && item.lastError && <p className="small error-text">Why: {describeError(item.lastError)}</p>}
          {item.state === 'sent' && item.resultSummary && <p className="small">Result: {item.resultSummary}</p>}
        </div>
      </div>
      <div className="button-row">
        {item.state === 'pending' && (
          <button type="button" className="btn btn-small" onClick={() => void cancel(item.id)}>
            Cancel
          </button>
        )}
        {item.state === 'failed' && (
          <button type="button" className="btn btn-small" onClick={() => void retry(item.id)}>
            Retry
          </button>
        )}
        {item.state === 'pending' && item.pendingReason === 'held' && (
          <button type="button" className="btn btn-small" onClick={() => void retry(item.id)}>
            Send as queued
          </button>
        )}
      </div>
      {actionError && <ErrorText>{describeError(actionError)}</ErrorText>}
    </li>
  );
}

function StateIcon({ state }: { state: OutboxState }) {
  if (state === 'pending') return <ClockIcon />;
  if (state === 'sending') return <SpinnerIcon />;
  if (state === 'failed') return <AlertIcon />;
  if (state === 'sent') return <CheckIcon />;
  return <span className="icon" aria-hidden="true" />;
}
