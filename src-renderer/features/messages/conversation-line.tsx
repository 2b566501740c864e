// One line of the conversation: a send with how far it got, or a reply (with its file). Each
// reload brings every line anew from main; a line whose content did not change is not rendered
// again, so a busy conversation re-renders only its new and changed lines.
import { memo } from 'react';
import type { ConversationItem } from '../../lib/api';
import { ContactCards } from './conversation-contact-card';
import { LocationCard } from './conversation-location';
import { ConversationMedia } from './conversation-media';
import { STATE_WORDS } from './conversation-store';
import { formatSentAt } from './message-time';
import { senderLabel } from '../../../src-main/shared/send-sender';
import { LineActions, QuotedAbove, ReactionsOn } from './quick-line';

function Line({ item, contactName }: { item: ConversationItem; contactName: string | null }) {
  return (
    <li
      className={`conversation-item conversation-${item.direction}`}
      data-testid={`conversation-${item.direction}`}
      data-message-key={item.key}
    >
      <QuotedAbove item={item} />
      {item.media && item.messageId !== null && (
        <ConversationMedia messageId={item.messageId} kind={item.kind} media={item.media} own={item.direction === 'out'} />
      )}
      {item.location && <LocationCard location={item.location} />}
      {item.sharedContacts && <ContactCards cards={item.sharedContacts} />}
      {(item.text || (!item.media && !item.location && !item.sharedContacts)) && (
        <p className="conversation-text">{item.text ?? (item.fileName ? `${item.kind}: ${item.fileName}` : item.kind)}</p>
      )}
      <p className="conversation-meta">
        <span data-testid="line-sender">
          {item.direction === 'out' ? senderLabel(item.sender) : `From ${contactName ?? 'the contact'}`}
        </span>{' '}
        · <time dateTime={item.at}>{formatSentAt(item.at)}</time>
        {item.direction === 'out' && (
          <>
            {' · '}
            <span className={`delivery delivery-${item.state ?? 'accepted'}`} data-testid="delivery-state">
              {item.state === 'failed' ? `Failed${item.reason ? `: ${item.reason}` : ''}` : STATE_WORDS[item.state ?? 'accepted']}
            </span>
          </>
        )}
        <LineActions item={item} />
      </p>
      <ReactionsOn item={item} />
    </li>
  );
}

function sameMedia(a: ConversationItem['media'], b: ConversationItem['media']): boolean {
  return (
    a === b ||
    (a !== null &&
      b !== null &&
      a.show === b.show &&
      a.mimetype === b.mimetype &&
      a.fileName === b.fileName &&
      a.download?.state === b.download?.state &&
      a.download?.reason === b.download?.reason)
  );
}

/** what a line shows; the rest of an item (its key) is the same for the same line */
function sameLine(
  a: { item: ConversationItem; contactName: string | null },
  b: { item: ConversationItem; contactName: string | null },
): boolean {
  const x = a.item;
  const y = b.item;
  return (
    a.contactName === b.contactName &&
    x.text === y.text &&
    x.state === y.state &&
    x.reason === y.reason &&
    x.at === y.at &&
    x.kind === y.kind &&
    x.fileName === y.fileName &&
    x.messageId === y.messageId &&
    sameMedia(x.media, y.media) &&
    x.quote?.text === y.quote?.text &&
    x.reactions?.us === y.reactions?.us &&
    x.reactions?.contact === y.reactions?.contact &&
    JSON.stringify(x.location ?? null) === JSON.stringify(y.location ?? null) &&
    JSON.stringify(x.sharedContacts ?? null) === JSON.stringify(y.sharedContacts ?? null)
  );
}

export const ConversationLine = memo(Line, sameLine);
