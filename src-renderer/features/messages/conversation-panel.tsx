// The conversation with the contact the Messages view is filtered by: oldest first, each sent
// message with how far it got (from the service's events), each reply, and a reply box
// (Ctrl+Enter sends). Outside the 24-hour window of a service that enforces it, a hint leads to
// the Template panel; while the profile's events are not set up, a link leads to Profiles.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { ErrorMessage } from '../../ui/messages';
import { useConversationStore } from './conversation-store';
import { ConversationLine } from './conversation-line';
import { formatPhone } from '../../../src-main/shared/phone-display';
import { EventsSetupLink } from './events-setup-link';
import { ReplyRefusalHint } from './reply-refusal-hint';
import { WindowNotice } from './window-notice';
import { AttachmentNote, QuotingNote } from './quick-line';
import { cannotQuote, useQuickStore } from './quick-store';
import { useCannedPicker } from './canned-picker';
import { usePicked } from '../../app/use-picked';

export function ConversationPanel({ number }: { number: string }) {
  const { attach, show, conversation, error } = usePicked(useConversationStore, 'attach', 'show', 'conversation', 'error');
  useEffect(() => attach(), [attach]);
  useEffect(() => {
    void show(number);
  }, [show, number]);
  const shown = formatPhone(number);
  const title = conversation?.name ? `${conversation.name} (${shown})` : shown;
  return (
    <section className="conversation" aria-labelledby="conversation-title" data-testid="conversation">
      <h2 id="conversation-title">Conversation with {title}</h2>
      {error && <ErrorMessage error={error} prefix="Could not read the conversation" />}
      {conversation && <WindowNotice conversation={conversation} />}
      {conversation && (
        <ol className="conversation-items" aria-label="Messages, oldest first">
          {conversation.items.length === 0 && <li className="muted">No messages with this contact yet.</li>}
          {conversation.items.map((item) => (
            <ConversationLine key={item.key} item={item} contactName={conversation.name} />
          ))}
        </ol>
      )}
      <ReplyBox />
      <ReplyRefusalHint />
      <EventsSetupLink />
    </section>
  );
}

function ReplyBox() {
  const { reply, replyState: state, setReply, sendReply } = usePicked(useConversationStore, 'reply', 'replyState', 'setReply', 'sendReply');
  const contactName = useConversationStore((s) => s.conversation?.name ?? null);
  const contactNumber = useConversationStore((s) => s.number ?? '');
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // `/` at the start opens the canned responses (canned-picker.tsx)
  const picked = useQuickStore((s) => s.picked);
  const canned = useCannedPicker(reply, setReply, box, { name: contactName, number: contactNumber }, picked);
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    canned.onKeyDown(e);
    if (e.defaultPrevented) return;
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void sendReply();
    }
  };
  return (
    <form
      className="conversation-reply"
      onSubmit={(e) => {
        e.preventDefault();
        void sendReply();
      }}
    >
      <label htmlFor={id}>Reply</label>
      <QuotingNote />
      <AttachmentNote />
      <textarea
        id={id}
        ref={box}
        value={reply}
        rows={3}
        onChange={(e) => setReply(e.target.value)}
        onKeyDown={onKey}
        data-testid="conversation-reply"
        {...canned.textareaProps}
      />
      {canned.element}
      <button type="submit" className="btn btn-primary" disabled={state.phase === 'sending' || reply.trim() === ''}>
        {state.phase === 'sending' ? 'Sending…' : 'Send reply'}
      </button>
      <span className="hint">Ctrl+Enter sends</span>
      <div aria-live="polite">
        {state.phase === 'done' && (
          <p className="msg msg-success" data-testid="conversation-reply-result">
            {state.words}
          </p>
        )}
      </div>
      {state.phase === 'failed' && <ErrorMessage error={state.error} prefix="Not sent" />}
      {state.phase === 'failed' && cannotQuote(state.error) && <WithoutQuote onSend={sendReply} />}
    </form>
  );
}

/** the person's choice when the service cannot quote: the same text, without the quote */
function WithoutQuote({ onSend }: { onSend: () => Promise<void> }) {
  const cancel = useQuickStore((s) => s.cancelQuote);
  return (
    <button
      type="button"
      className="btn"
      onClick={() => {
        cancel();
        void onSend();
      }}
    >
      Send without the quote
    </button>
  );
}
