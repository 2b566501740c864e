// One conversation in the list: who (name, number), the newest line and when, and what asks for
// the agent: unread replies, a contact waiting for an answer, a 24-hour window about to close.
import type { InboxRow } from '../../lib/api';
import { isWindowClosing } from '../../../src-main/shared/inbox';
import { formatRelative } from '../../lib/relative-time';
import { formatTime } from '../../lib/format';
import { usePhoneDisplay } from '../../lib/phone-display-when-ready';
import { STATE_WORDS } from '../messages/conversation-store';

export function InboxRowContent({ row, now }: { row: InboxRow; now: number }) {
  const number = usePhoneDisplay(row.number);
  const closing = isWindowClosing(row.windowClosesAt, new Date(now));
  // the clock of the list is renewed every 15 s: a line newer than it is "just now", never "in under a minute"
  const seenNow = Math.max(now, Date.parse(row.lastAt) || 0);
  const line = row.lastText ?? `(${row.lastKind})`;
  return (
    <>
      <span className="inbox-who">
        <span className="inbox-name">{row.name ?? number}</span>
        {row.name !== null && <span className="inbox-number mono">{number}</span>}
      </span>
      <time className="inbox-when" dateTime={row.lastAt}>
        {formatRelative(row.lastAt, seenNow) ?? formatTime(row.lastAt)}
      </time>
      <span className="inbox-line">
        {row.lastDirection === 'out' && <span className="inbox-you">You: </span>}
        {line}
      </span>
      <span className="inbox-marks">
        {row.needsAnswer && (
          <span className="badge inbox-waiting" data-testid="inbox-needs-answer">
            Needs an answer
          </span>
        )}
        {closing && row.windowClosesAt !== null && (
          <span className="badge inbox-closing" data-testid="inbox-window-closing">
            Window closes {formatRelative(row.windowClosesAt, now)}
          </span>
        )}
        {row.lastDirection === 'out' && row.lastSentState !== null && (
          <span className="inbox-state small">{STATE_WORDS[row.lastSentState]}</span>
        )}
        {row.unread > 0 && (
          <span className="inbox-unread" data-testid="inbox-unread" aria-label={`${row.unread} unread`}>
            {row.unread}
          </span>
        )}
      </span>
    </>
  );
}
