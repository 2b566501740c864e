// The Messages view: what the active profile sent and what the service says happened to it.
// Newest first, like the service's own listing and the Request log: what was just sent is right
// under the filter without scrolling, and "Load more" adds older messages below, so paging never
// moves what the person is reading.
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { HistoryKind, HistoryMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { KIND_WORDS, originWords } from '../../../src-main/shared/message-words';
import { formatPhone } from '../../../src-main/shared/phone-display';
import { SCREEN_FOCUS_MARK } from '../../ui/focus';
import { ErrorMessage, FieldProblems } from '../../ui/messages';
import { CopyLastCurl } from '../log/copy-last-curl';
import { ConversationPanel } from './conversation-panel';
import { formatSentAt } from './message-time';
import { selectIsFiltered, selectMessages, useMessagesStore } from './messages-store';
import { usePicked } from '../../app/use-picked';

export function MessagesScreen() {
  const attach = useMessagesStore((s) => s.attach);
  const busy = useMessagesStore((s) => s.busy);
  useEffect(() => attach(), [attach]);
  return (
    <section className="screen screen-messages" aria-labelledby="messages-title" aria-busy={busy} data-testid="messages-screen">
      <h1 id="messages-title">Messages</h1>
      <p className="lead">What this profile sent and what the service says happened to it, newest first.</p>
      <CopyLastCurl endpoint="messages.list" what="messages list" testId="messages-copy-curl" />
      <FilterBar />
      <SourceNote />
      <Conversation />
      <MessagesBody />
    </section>
  );
}

/** filtered by one recipient: that contact's conversation, above the list of what was sent */
function Conversation() {
  const number = useMessagesStore((s) => s.number);
  return number === null ? null : <ConversationPanel number={number} />;
}

function FilterBar() {
  const {
    numberInput: value,
    filterProblem: problem,
    setNumberInput,
    applyFilter,
    clearFilter,
    refresh,
  } = usePicked(useMessagesStore, 'numberInput', 'filterProblem', 'setNumberInput', 'applyFilter', 'clearFilter', 'refresh');
  const filtered = useMessagesStore(selectIsFiltered);
  const loading = useMessagesStore((s) => s.status === 'loading');
  const id = useId();
  const problemId = `${id}-problem`;
  const field = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void applyFilter();
  };
  return (
    <form className="toolbar messages-filter" role="search" aria-label="Filter messages by number" onSubmit={submit} noValidate>
      <label htmlFor={id}>Recipient number</label>
      <input
        ref={field}
        id={id}
        type="search"
        {...SCREEN_FOCUS_MARK}
        value={value}
        placeholder="+55 11 99999-0000 (empty: everyone)"
        onChange={(e) => setNumberInput(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? problemId : undefined}
        autoComplete="off"
        spellCheck={false}
        inputMode="tel"
        data-testid="messages-number"
      />
      <button type="submit" className="btn" disabled={loading}>
        Show
      </button>
      {filtered && (
        <button
          type="button"
          className="btn"
          onClick={() => {
            // the button goes away with the filter: focus stays where the work is
            field.current?.focus();
            void clearFilter();
          }}
        >
          Show all
        </button>
      )}
      <button type="button" className="btn" onClick={() => void refresh()} disabled={loading}>
        Refresh
      </button>
      <Count />
      <FieldProblems id={problemId} problems={problem !== null ? [problem] : []} />
    </form>
  );
}

function Count() {
  const { status, total, number } = usePicked(useMessagesStore, 'status', 'total', 'number');
  const shown = useMessagesStore((s) => s.items.length);
  let text = '';
  if (status === 'loading') text = 'Loading…';
  else if (status === 'ready') {
    const to = number !== null ? ` to ${formatPhone(number)}` : '';
    text = total !== null ? `${formatCount(total)} ${total === 1 ? 'message' : 'messages'}${to}` : `${formatCount(shown)} shown${to}`;
  }
  return (
    <p className="count" role="status" aria-live="polite" data-testid="messages-count">
      {text}
    </p>
  );
}

/** Where the list comes from, said on every page: the service's listing or the app's own record. */
function SourceNote() {
  const source = useMessagesStore((s) => s.source);
  const reason = useMessagesStore((s) => s.fallbackReason);
  if (source === null) return null;
  return (
    <p className={`messages-source source-${source}`} data-testid="messages-source">
      {source === 'service'
        ? "Listed by the service. How each message left this app (sent now, from the outbox, replayed) comes from the app's record of what it sent."
        : (reason ?? "From this app's record of what it sent.")}
    </p>
  );
}

function MessagesBody() {
  const items = useMessagesStore(selectMessages);
  const { status, error, number, load } = usePicked(useMessagesStore, 'status', 'error', 'number', 'load');
  const filtered = useMessagesStore(selectIsFiltered);
  if (status === 'error' && error) {
    return (
      <div className="messages-error" data-testid="messages-error">
        <ErrorMessage error={error} prefix="Messages could not be loaded" />
        <button type="button" className="btn" onClick={() => void load()}>
          Retry
        </button>
      </div>
    );
  }
  if (status !== 'ready') return null;
  const stale = error && <ErrorMessage error={error} prefix="The list could not be refreshed" />;
  if (items.length === 0) {
    return (
      <>
        {stale}
        <p className="empty" data-testid="messages-empty">
          {filtered && number !== null ? `No messages to ${formatPhone(number)} yet.` : 'No messages sent yet.'}
        </p>
      </>
    );
  }
  return (
    <>
      {stale}
      <ol
        className="message-list"
        aria-label={number !== null ? `Messages to ${formatPhone(number)}, newest first` : 'Messages, newest first'}
        data-testid="message-list"
      >
        {items.map((m) => (
          <MessageRow key={m.key} message={m} showNumber={number === null} />
        ))}
      </ol>
      <LoadMore />
    </>
  );
}

/** the kinds that carry a file stand out in the list, in the badges' own tones */
const KIND_TONE: Partial<Record<HistoryKind, string>> = { image: ' badge-accent', document: ' badge-accent', audio: ' badge-success' };

function MessageRow({ message: m, showNumber }: { message: HistoryMessage; showNumber: boolean }) {
  return (
    <li className={`message-item origin-${m.origin ?? 'none'}`} data-testid="message-item">
      <p className="message-head">
        <span className={`badge message-kind kind-${m.kind}${KIND_TONE[m.kind] ?? ''}`}>{KIND_WORDS[m.kind]}</span>
        {showNumber && <span className="mono">to {formatPhone(m.number)}</span>}
        <time dateTime={m.at ?? undefined}>{formatSentAt(m.at)}</time>
      </p>
      {m.text !== null && <p className="message-text">{m.text}</p>}
      {m.fileName !== null && (
        <p className="message-file">
          File: <span className="mono">{m.fileName}</span>
        </p>
      )}
      <p className="message-meta small">
        <span>
          Status: <strong>{m.status}</strong>
        </span>
        <span className="message-origin">{originWords(m.origin)}</span>
        {m.id !== null && <span className="mono message-id">{m.id}</span>}
      </p>
    </li>
  );
}

function LoadMore() {
  const { hasMore, loadingMore, moreError, loadMore } = usePicked(useMessagesStore, 'hasMore', 'loadingMore', 'moreError', 'loadMore');
  if (!hasMore && !moreError) return null;
  return (
    <div className="messages-more">
      {moreError && <ErrorMessage error={moreError} prefix="Older messages could not be loaded" />}
      {hasMore && (
        <button type="button" className="btn" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? 'Loading…' : moreError ? 'Retry' : 'Load more'}
        </button>
      )}
    </div>
  );
}
