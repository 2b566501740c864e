// What a conversation line shows of quoted replies and reactions: the message it quotes (or that
// it quotes one not in this conversation), the reactions on it, ours and the contact's, and its
// Quote and React buttons (a reaction bar of a few emoji; Escape closes it).
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ConversationItem } from '../../lib/api';
import { ErrorMessage } from '../../ui/messages';
import { useConversationStore } from './conversation-store';
import { QUICK_REACTIONS, useQuickStore } from './quick-store';

export function QuotedAbove({ item }: { item: ConversationItem }) {
  const quote = item.quote;
  if (!quote) return null;
  return (
    <blockquote className="conversation-quote" data-testid="conversation-quote">
      {quote.text === null ? <em>Quotes a message not in this conversation</em> : quote.text}
    </blockquote>
  );
}

export function ReactionsOn({ item }: { item: ConversationItem }) {
  const on = item.reactions;
  if (!on || (on.us === null && on.contact === null)) return null;
  const said = [on.contact === null ? null : `the contact reacted ${on.contact}`, on.us === null ? null : `you reacted ${on.us}`]
    .filter(Boolean)
    .join(', ');
  return (
    <p className="conversation-reactions" role="group" aria-label={`Reactions: ${said}`} data-testid="conversation-reactions">
      {on.contact !== null && <span data-testid="reaction-contact">{on.contact}</span>}
      {on.us !== null && (
        <span className="reaction-ours" data-testid="reaction-ours">
          {on.us}
        </span>
      )}
    </p>
  );
}

export function LineActions({ item }: { item: ConversationItem }) {
  const quote = useQuickStore((s) => s.quote);
  const openReactions = useQuickStore((s) => s.openReactions);
  const open = useQuickStore((s) => s.reactingTo === item.messageId);
  if (item.messageId === null) return null;
  const messageId = item.messageId;
  return (
    <span className="conversation-actions">
      {/* named "Quote", not "Reply": the reply box is the one thing labelled Reply */}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => quote(item)}
        aria-label={`Quote: ${shortText(item.text ?? item.kind)}`}
      >
        Quote
      </button>
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={open}
        onClick={() => openReactions(open ? null : messageId)}
        aria-label={`React to: ${shortText(item.text ?? item.kind)}`}
      >
        React
      </button>
      {open && <ReactionBar messageId={messageId} ours={item.reactions?.us ?? null} />}
    </span>
  );
}

function ReactionBar({ messageId, ours }: { messageId: string; ours: string | null }) {
  const number = useConversationStore((s) => s.number);
  const react = useQuickStore((s) => s.react);
  const openReactions = useQuickStore((s) => s.openReactions);
  const sending = useQuickStore((s) => s.sending === messageId);
  const error = useQuickStore((s) => (s.reactionError?.messageId === messageId ? s.reactionError.error : null));
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      openReactions(null);
    }
  };
  if (number === null) return null;
  return (
    <span role="group" aria-label="Reactions" className="reaction-bar" onKeyDown={onKey} data-testid="reaction-bar">
      {QUICK_REACTIONS.map((emoji, i) => (
        <button
          key={emoji}
          ref={i === 0 ? first : undefined}
          type="button"
          className="btn btn-small btn-emoji"
          disabled={sending}
          aria-pressed={ours === emoji}
          aria-label={`React ${emoji}`}
          onClick={() => void react(number, messageId, emoji)}
        >
          {emoji}
        </button>
      ))}
      {ours !== null && (
        <button type="button" className="btn btn-small" disabled={sending} onClick={() => void react(number, messageId, '')}>
          Remove my reaction
        </button>
      )}
      {error && <ErrorMessage error={error} prefix="Reaction not sent" />}
    </span>
  );
}

/** a note above the reply box of what the reply goes with, and × to take it off */
function ReplyBoxNote({
  testId,
  cancelLabel,
  onCancel,
  children,
}: {
  testId: string;
  cancelLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="conversation-quoting" data-testid={testId}>
      <span>{children}</span>
      <button type="button" className="btn btn-small" onClick={onCancel} aria-label={cancelLabel}>
        ×
      </button>
    </div>
  );
}

/** the quote shown in the reply box, with its cancel */
export function QuotingNote() {
  const quoting = useQuickStore((s) => s.quoting);
  const cancel = useQuickStore((s) => s.cancelQuote);
  if (!quoting) return null;
  return (
    <ReplyBoxNote testId="conversation-quoting" cancelLabel="Cancel the quote" onCancel={cancel}>
      Replying to: <q>{shortText(quoting.text)}</q>
    </ReplyBoxNote>
  );
}

/** the canned response's file the reply goes with, with its cancel */
export function AttachmentNote() {
  const attachment = useQuickStore((s) => s.attachment);
  const drop = useQuickStore((s) => s.dropAttachment);
  if (!attachment) return null;
  return (
    <ReplyBoxNote testId="conversation-attachment" cancelLabel="Send without the file" onCancel={drop}>
      With the file {attachment.label} (from /{attachment.name}), the text as its caption
    </ReplyBoxNote>
  );
}

function shortText(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
