// Profiles -> Edit -> Events, under the address and signing: the webhook inspector. Every
// delivery a listener of this data folder kept for the active profile, newest first, refreshed
// when main says one was kept (inspector:changed, from this process or another); the selected
// one's headers, body (scrubbed: no signature, token or key), its signature verdict and what the
// app made of it; Replay, Copy as cURL (the signature only when asked, and then straight to the
// clipboard, never into the window) and Fire a test event.
// The list is a listbox: Up/Down (and Home/End) move the selection, Tab reaches the actions.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { onEvent } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { TEST_EVENT_KINDS, VERDICT_WORDS, deliveryWords } from '../../../src-main/shared/webhook-deliveries';
import type { KeptDelivery, TestEventKind } from '../../../src-main/shared/webhook-deliveries';
import { useDeliveriesStore } from './deliveries-store';

function timeOf(at: string): string {
  return at.replace('T', ' ').replace(/\.\d+Z$/, '');
}

function FireTestEvent() {
  const { dialects, fire } = useDeliveriesStore();
  const [kind, setKind] = useState<TestEventKind>('reply');
  const [dialect, setDialect] = useState('default');
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <div className="inspector-fire" data-testid="inspector-fire">
      <label htmlFor={`${id}-kind`}>Test event</label>
      <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as TestEventKind)} data-testid="inspector-fire-kind">
        {TEST_EVENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-dialect`}>shaped as</label>
      <select id={`${id}-dialect`} value={dialect} onChange={(e) => setDialect(e.target.value)} data-testid="inspector-fire-dialect">
        {dialects.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void fire(kind, dialect).finally(() => setBusy(false));
        }}
      >
        Fire a test event
      </button>
    </div>
  );
}

function DeliveryDetail({ delivery }: { delivery: KeptDelivery }) {
  const { replay, copyCurl } = useDeliveriesStore();
  const [withSignature, setWithSignature] = useState(false);
  const id = useId();
  const replayable = delivery.body !== null && !delivery.bodyCut;
  return (
    <section className="inspector-detail" aria-labelledby={`${id}-title`} data-testid="inspector-detail">
      <h4 id={`${id}-title`}>{deliveryWords(delivery)}</h4>
      <dl>
        <dt>Received</dt>
        <dd>
          {timeOf(delivery.at)} from {delivery.source ?? 'this app (a replay)'}, answered HTTP {delivery.status}
        </dd>
        <dt>Signature</dt>
        <dd data-testid="inspector-verdict">{VERDICT_WORDS[delivery.verdict]}</dd>
        {delivery.replayOf && (
          <>
            <dt>Replay of</dt>
            <dd>{delivery.replayOf}</dd>
          </>
        )}
      </dl>
      <div className="inspector-actions">
        <button type="button" className="btn" disabled={!replayable} onClick={() => void replay(delivery.id)}>
          Replay
        </button>
        <button type="button" className="btn" onClick={() => void copyCurl(delivery.id, withSignature)}>
          Copy as cURL
        </button>
        <label>
          <input type="checkbox" checked={withSignature} onChange={(e) => setWithSignature(e.target.checked)} />
          with its signature (computed from the secret)
        </label>
      </div>
      <h5>Headers</h5>
      <pre className="inspector-pre">
        {Object.entries(delivery.headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}
      </pre>
      <h5>Body{delivery.bodyCut ? ` (cut: ${delivery.bodyBytes} bytes came)` : ''}</h5>
      <pre className="inspector-pre" data-testid="inspector-body">
        {delivery.body ?? 'Not read: the request was refused first.'}
      </pre>
    </section>
  );
}

/** the inspector of the active profile (the Events tab shows it only then) */
export function WebhookInspector() {
  const { deliveries, selectedId, error, note, load, refresh, select } = useDeliveriesStore();
  const id = useId();
  useEffect(() => {
    void load();
    return onEvent('inspector:changed', (change) => {
      if (change.profileId === null || change.profileId === useDeliveriesStore.getState().profileId) void refresh();
    });
  }, [load, refresh]);
  const selected = deliveries.find((d) => d.id === selectedId) ?? null;
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    const at = deliveries.findIndex((d) => d.id === selectedId);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: deliveries.length - 1 };
    const next = moves[e.key] ?? null;
    if (next === null) return;
    e.preventDefault();
    const target = deliveries[Math.max(0, Math.min(deliveries.length - 1, next))];
    if (target) select(target.id);
  };
  return (
    <section className="webhook-inspector" aria-labelledby={`${id}-title`} data-testid="webhook-inspector">
      <h3 id={`${id}-title`}>Deliveries</h3>
      <p className="hint">
        Every post a listener on this computer took or refused for this profile, kept 7 days (the last 500). Signatures, tokens and keys are
        never kept.
      </p>
      <FireTestEvent />
      <div role="status" aria-live="polite" data-testid="inspector-note">
        {note}
      </div>
      {error && <ErrorMessage error={error} prefix="The webhook inspector could not do that" />}
      {deliveries.length === 0 ? (
        <p className="hint">No delivery kept yet.</p>
      ) : (
        <div className="inspector-panes">
          <ul
            role="listbox"
            tabIndex={0}
            aria-label="Webhook deliveries"
            aria-activedescendant={selected ? `${id}-${selected.id}` : undefined}
            onKeyDown={onKeyDown}
            data-testid="inspector-list"
          >
            {deliveries.map((d) => (
              <li
                key={d.id}
                id={`${id}-${d.id}`}
                role="option"
                aria-selected={d.id === selectedId}
                onClick={() => select(d.id)}
                data-testid="inspector-row"
              >
                <span className="inspector-time">{timeOf(d.at)}</span>{' '}
                <span className={`inspector-verdict is-${d.verdict}`}>{VERDICT_WORDS[d.verdict]}</span> {deliveryWords(d)}
              </li>
            ))}
          </ul>
          {selected && <DeliveryDetail delivery={selected} />}
        </div>
      )}
    </section>
  );
}
