// One contact's conversation, shown under the Messages view when it is filtered by a number:
// what was sent with how far it got, what the contact wrote, and a reply box. It follows
// conversation:changed itself (a reply, a delivery state, a send from `crm`) while on view.
import { create } from 'zustand';
import type { Conversation, ErrorInfo, WebhookInfo } from '../../lib/api';
import { invoke, onEvent } from '../../lib/api';
import { newRequestId } from '../../lib/ids';

type ReplyState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'done'; words: string } | { phase: 'failed'; error: ErrorInfo };

interface ConversationStore {
  /** the contact shown (digits), null: none */
  number: string | null;
  conversation: Conversation | null;
  error: ErrorInfo | null;
  webhooks: WebhookInfo | null;
  reply: string;
  replyState: ReplyState;
  /** bumped by every load; older answers are ignored */
  generation: number;
  show: (number: string | null) => Promise<void>;
  reload: () => Promise<void>;
  setReply: (text: string) => void;
  sendReply: () => Promise<void>;
  /** sets (a value) or clears (null) the active profile's webhook secret or verify token; the error, or null */
  saveWebhookSecret: (field: 'secret' | 'verifyToken', value: string | null) => Promise<ErrorInfo | null>;
  /** the panel mounted: follow main's events until it unmounts */
  attach: () => () => void;
}

export const useConversationStore = create<ConversationStore>()((set, get) => ({
  number: null,
  conversation: null,
  error: null,
  webhooks: null,
  reply: '',
  replyState: { phase: 'idle' },
  generation: 0,

  async show(number) {
    if (number === get().number && get().conversation !== null) return;
    set({ number, conversation: null, error: null, reply: '', replyState: { phase: 'idle' } });
    await get().reload();
  },

  async reload() {
    const { number } = get();
    if (number === null) return;
    const generation = get().generation + 1;
    set({ generation });
    const [answer, webhooks] = await Promise.all([invoke('conversations:get', { number }), invoke('webhooks:info', {})]);
    if (get().generation !== generation || get().number !== number) return;
    set({
      ...(answer.ok ? { conversation: answer.value, error: null } : { error: answer.error }),
      webhooks: webhooks.ok ? webhooks.value : null,
    });
  },

  setReply(text) {
    set({ reply: text, ...(get().replyState.phase === 'sending' ? {} : { replyState: { phase: 'idle' } }) });
  },

  async sendReply() {
    const { number, reply, replyState } = get();
    if (number === null || reply.trim() === '' || replyState.phase === 'sending') return;
    set({ replyState: { phase: 'sending' } });
    const r = await invoke('send:submit', { draft: { kind: 'text', number, text: reply }, requestId: newRequestId() });
    if (!r.ok) {
      set({ replyState: { phase: 'failed', error: r.error } });
      return;
    }
    // the text went to the service (or into the outbox): the box is free for the next one
    set({ reply: '', replyState: { phase: 'done', words: r.value.status === 'queued' ? 'In the outbox: it is sent when the service is back.' : 'Accepted by the service.' } });
    await get().reload();
  },

  async saveWebhookSecret(field, value) {
    // the value goes to main once; what comes back says only whether each is set
    const r = await invoke('webhooks:set-secrets', { [field]: value });
    if (!r.ok) return r.error;
    set({ webhooks: r.value });
    return null;
  },

  attach() {
    const off = onEvent('conversation:changed', (e) => {
      const { number, conversation } = get();
      if (number === null) return;
      const sameProfile = e.profileId === null || conversation === null || e.profileId === conversation.profileId;
      if (sameProfile && (e.number === null || e.number === number)) void get().reload();
    });
    return off;
  },
}));

/** the words for how far a sent message got */
export const STATE_WORDS: Record<string, string> = {
  accepted: 'Accepted by the service',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};
