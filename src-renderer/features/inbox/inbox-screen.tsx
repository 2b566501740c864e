// Conversations: the agent's home. Every contact of the active profile, newest first, with what
// asks for an answer; the one opened shows beside the list, in the same conversation panel the
// Messages view uses (reply box, templates, delivery states), and opening it marks it read.
import { useEffect } from 'react';
import { formatCount } from '../../lib/format';
import type { InboxFilter } from '../../lib/api';
import { SCREEN_FOCUS_MARK } from '../../ui/focus';
import { ErrorMessage } from '../../ui/messages';
import { ConversationPanel } from '../messages/conversation-panel';
import { useConversationStore } from '../messages/conversation-store';
import { InboxList } from './inbox-list';
import { useInboxStore } from './inbox-store';
import { NotifySwitch, ReceiptsSwitch } from './inbox-switches';
import { usePicked } from '../../app/use-picked';

/** how often the window-closing filter is read again while on view */
const WINDOW_RECHECK_MS = 60_000;

const FILTERS: { id: InboxFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'needs-answer', label: 'Needs an answer' },
  { id: 'window-closing', label: 'Window closing' },
];

export function InboxScreen() {
  const openNumber = useInboxStore((s) => s.openNumber);
  const filter = useInboxStore((s) => s.filter);
  useEffect(() => {
    useInboxStore.getState().setShown(true);
    return () => useInboxStore.getState().setShown(false);
  }, []);
  // which windows close within two hours changes with the clock, not only with messages
  useEffect(() => {
    if (filter !== 'window-closing') return;
    const timer = setInterval(() => void useInboxStore.getState().onChanged(), WINDOW_RECHECK_MS);
    return () => clearInterval(timer);
  }, [filter]);
  // The panel's store keeps the conversation it showed last (on Messages, say) and heard no event
  // while no panel was on screen: the one opened here is read afresh. Runs after the panel's own
  // effect, so it reads the number just shown.
  useEffect(() => {
    if (openNumber !== null) void useConversationStore.getState().reload();
  }, [openNumber]);
  return (
    <section className="screen screen-inbox" aria-labelledby="inbox-title" data-testid="inbox-screen">
      <h1 id="inbox-title">Conversations</h1>
      <FilterBar />
      <InboxError />
      <div className={`inbox-layout${openNumber === null ? '' : ' has-open'}`}>
        <div className="inbox-pane">
          <InboxList />
          <EmptyNote />
        </div>
        {openNumber !== null && (
          <div className="inbox-conversation">
            <ConversationPanel number={openNumber} />
          </div>
        )}
      </div>
      <NotifySwitch />
      <ReceiptsSwitch />
    </section>
  );
}

function FilterBar() {
  const { filter, setFilter, total, unreadTotal: unread } = usePicked(useInboxStore, 'filter', 'setFilter', 'total', 'unreadTotal');
  return (
    <div className="toolbar inbox-filters" role="group" aria-label="Show">
      {FILTERS.map((f, i) => (
        <button
          key={f.id}
          type="button"
          className={`btn${f.id === filter ? ' btn-primary' : ''}`}
          aria-pressed={f.id === filter}
          onClick={() => setFilter(f.id)}
          data-testid={`inbox-filter-${f.id}`}
          {...(i === 0 ? SCREEN_FOCUS_MARK : {})}
        >
          {f.label}
        </button>
      ))}
      <p className="count" role="status" aria-live="polite" data-testid="inbox-count">
        {total === null
          ? ''
          : `${formatCount(total)} ${total === 1 ? 'conversation' : 'conversations'}${unread > 0 ? `, ${formatCount(unread)} unread` : ''}`}
      </p>
    </div>
  );
}

function InboxError() {
  const error = useInboxStore((s) => s.error);
  return error ? <ErrorMessage error={error} prefix="The conversations could not be read" /> : null;
}

function EmptyNote() {
  const total = useInboxStore((s) => s.total);
  const filter = useInboxStore((s) => s.filter);
  if (total !== 0) return null;
  return (
    <p className="empty" data-testid="inbox-empty">
      {filter === 'all' ? 'No conversations yet: a message sent or a reply received starts one.' : 'No conversation matches this filter.'}
    </p>
  );
}
