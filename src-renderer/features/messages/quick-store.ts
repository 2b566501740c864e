// Quoted replies and reactions in the conversation panel: the message the reply box quotes (with
// a cancel), the reaction bar open on one line, and our reactions sent through main. The reply
// itself goes with the reply box (conversation-store.ts), which asks here what it quotes.
import { create } from 'zustand';
import type { CannedResponse, ConversationItem, ErrorInfo } from '../../lib/api';
import { invoke } from '../../lib/api';
import { CANNOT_QUOTE_FIELD } from '../../../src-main/shared/quick-answers';

/** the reactions offered on a line, as WhatsApp offers them */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

export interface Quoting {
  messageId: string;
  /** what the box shows of it */
  text: string;
}

/** a canned response's file the reply goes with (main sends it; the window knows its name only) */
export interface Attachment {
  /** the canned response's name */
  name: string;
  /** the file's name or URL, as shown */
  label: string;
}

/** a file and a quote cannot go together: media sends have no place for a quote */
export const FILE_WITHOUT_QUOTE = 'A file goes without a quote: cancel the quote or the file (×) first';

interface QuickStore {
  quoting: Quoting | null;
  attachment: Attachment | null;
  /** a canned response was picked: its file goes with the reply, or none */
  picked: (canned: CannedResponse) => void;
  dropAttachment: () => void;
  /** the line whose reaction bar is open (its message id) */
  reactingTo: string | null;
  /** a reaction being sent, by message id */
  sending: string | null;
  /** a reaction that failed, with the line it was for */
  reactionError: { messageId: string; error: ErrorInfo } | null;
  quote: (item: ConversationItem) => void;
  cancelQuote: () => void;
  openReactions: (messageId: string | null) => void;
  react: (number: string, messageId: string, emoji: string) => Promise<void>;
  /** the contact changed: nothing of the last one's is kept */
  reset: () => void;
}

/** what a line shows of itself when quoted */
export function quotedText(item: Pick<ConversationItem, 'text' | 'fileName' | 'kind'>): string {
  return item.text ?? (item.fileName ? `${item.kind}: ${item.fileName}` : item.kind);
}

/** whether a send was refused because the profile has no place for the quote (the box then offers to send without it) */
export function cannotQuote(error: ErrorInfo): boolean {
  return error.details?.some((d) => d.field === CANNOT_QUOTE_FIELD) === true;
}

export const useQuickStore = create<QuickStore>()((set, get) => ({
  quoting: null,
  attachment: null,

  picked(canned) {
    const media = canned.media;
    set({ attachment: media === null ? null : { name: canned.name, label: media.kind === 'url' ? media.url : media.fileName } });
  },

  dropAttachment() {
    set({ attachment: null });
  },

  reactingTo: null,
  sending: null,
  reactionError: null,

  quote(item) {
    if (item.messageId === null) return;
    set({ quoting: { messageId: item.messageId, text: quotedText(item) }, reactingTo: null });
  },

  cancelQuote() {
    set({ quoting: null });
  },

  openReactions(messageId) {
    set({ reactingTo: messageId, reactionError: null });
  },

  async react(number, messageId, emoji) {
    if (get().sending !== null) return;
    set({ sending: messageId, reactionError: null });
    const r = await invoke('quick:react', { number, messageId, emoji });
    // the line shows the reaction once main stored it (conversation:changed brings it)
    set(r.ok ? { sending: null, reactingTo: null } : { sending: null, reactionError: { messageId, error: r.error } });
  },

  reset() {
    set({ quoting: null, attachment: null, reactingTo: null, sending: null, reactionError: null });
  },
}));
