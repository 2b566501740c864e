// Ctrl+Shift+F (Cmd+Shift+F on a Mac): search every conversation of the active profile. A dialog
// holding a search landmark: the labelled field is a combobox over the list of found messages,
// so arrows move through them while focus stays in the field (a screen reader hears each one),
// Enter opens the highlighted one in its conversation, Escape closes. A chunk of its own
// (search-dialog-host.tsx).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchHit } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { formatPhone } from '../../../src-main/shared/phone-display';
import { ComboboxOption } from '../../ui/combobox-option';
import { Dialog } from '../../ui/dialog';
import { ErrorMessage } from '../../ui/messages';
import { formatSentAt } from '../messages/message-time';
import { openMessage } from './open-message';
import { useSearchStore } from './search-store';
import { usePicked } from '../../app/use-picked';

export function SearchDialog() {
  const { text, hits, setText, close } = usePicked(useSearchStore, 'text', 'hits', 'setText', 'close');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const current = Math.min(active, Math.max(hits.length - 1, 0));

  const choose = (hit: SearchHit | undefined): void => {
    if (!hit) return;
    close();
    openMessage(hit);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && hits.length > 0) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = (current + step + hits.length) % hits.length;
      setActive(next);
      document.getElementById(`${listId}-${next}`)?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (hits.length > 0) choose(hits[current]);
      else void useSearchStore.getState().searchNow();
    }
  };

  return (
    <Dialog title="Search messages" onCancel={close} initialFocusRef={input} testId="message-search">
      <div role="search" aria-label="Search every conversation">
        <label htmlFor={`${id}-field`} className="sr-only">
          Words to find in every conversation
        </label>
        <input
          ref={input}
          id={`${id}-field`}
          className="palette-input"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits[current] ? `${listId}-${current}` : undefined}
          aria-describedby={`${id}-status`}
          placeholder="Words from a message, a file name or a contact's name"
          autoComplete="off"
          spellCheck={false}
          // messages:search takes up to 500 characters: the field stops there instead of failing
          maxLength={500}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="message-search-input"
        />
      </div>
      <SearchStatus id={`${id}-status`} />
      <ul
        id={listId}
        role="listbox"
        aria-label="Messages found, newest first"
        className="palette-list search-results"
        data-testid="message-search-results"
      >
        {hits.map((hit, i) => (
          <ComboboxOption
            key={hit.key}
            listId={listId}
            index={i}
            active={i === current}
            className="palette-item search-hit"
            onChoose={() => choose(hit)}
            onHover={() => setActive(i)}
            testId="message-search-hit"
          >
            <HitLine hit={hit} />
          </ComboboxOption>
        ))}
      </ul>
      <MoreResults />
    </Dialog>
  );
}

function HitLine({ hit }: { hit: SearchHit }) {
  const who =
    hit.direction === 'out'
      ? `To ${formatPhone(hit.number)}`
      : `From ${hit.name ? `${hit.name} (${formatPhone(hit.number)})` : formatPhone(hit.number)}`;
  return (
    <span className="search-hit-body">
      <span className="search-hit-head">
        <span>{who}</span>
        <time className="palette-hint" dateTime={hit.at}>
          {formatSentAt(hit.at)}
        </time>
      </span>
      <span className="search-snippet">
        {hit.snippet.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
      </span>
    </span>
  );
}

/** how many matched, or why nothing is listed; read out as it changes */
function SearchStatus({ id }: { id: string }) {
  const {
    status,
    total,
    totalCapped: capped,
    problem,
    error,
  } = usePicked(useSearchStore, 'status', 'total', 'totalCapped', 'problem', 'error');
  const hits = useSearchStore((s) => s.hits.length);
  let words = '';
  if (status === 'searching' && hits === 0) words = 'Searching…';
  else if (problem !== null) words = problem;
  else if (status === 'ready' || (status === 'searching' && hits > 0)) {
    words =
      total === 0
        ? 'No messages match.'
        : capped
          ? `More than ${formatCount(total)} messages match.`
          : `${formatCount(total)} ${total === 1 ? 'message matches' : 'messages match'}.`;
  } else if (status === 'idle') words = 'Type to search what was sent and what contacts wrote.';
  return (
    <>
      <p id={id} className="count" role="status" aria-live="polite" data-testid="message-search-status">
        {words}
      </p>
      {error && (
        <div className="messages-error">
          <ErrorMessage error={error} prefix="Search failed" />
          <button type="button" className="btn" onClick={() => void useSearchStore.getState().searchNow()}>
            Retry
          </button>
        </div>
      )}
    </>
  );
}

function MoreResults() {
  const { next, loadingMore, loadMore } = usePicked(useSearchStore, 'next', 'loadingMore', 'loadMore');
  if (next === null) return null;
  return (
    <div className="messages-more">
      <button type="button" className="btn" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
        {loadingMore ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
