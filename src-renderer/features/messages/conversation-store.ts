// One contact's conversation, shown under the Messages view when it is filtered by a number:
// what was sent with how far it got, what the contact wrote, and a reply box. It follows
// conversation:changed itself (a reply, a delivery state, a send from `crm`) while on view. The
// webhook settings are Profiles' (profiles/webhooks-store.ts); here only whether they are set up.
import { create } from 'zustand';
import type { Conversation, ErrorInfo, WebhookInfo } from '../../lib/api';
import { invoke, onEvent } from '../../lib/api';
import { newRequestId } from '../../lib/ids';
import { coalescedReads } from '../../lib/coalesced-reads';
import { useWindowRefusals } from '../send/window-refusals';
import { FILE_WITHOUT_QUOTE, useQuickStore } from './quick-store';
import { guardLiveAct } from '../profiles/live-confirm';

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
  /** the panel mounted: follow main's events until it unmounts */
  attach: () => () => void;
}

type Set = (partial: Partial<ConversationStore>) => void;
type Get = () => ConversationStore;

/** the least time between two reads of a conversation that events keep changing */
const READ_GAP_MS = 150;

const readsOfConversation = coalescedReads(READ_GAP_MS);

async function readConversation(get: Get, set: Set): Promise<void> {
  const { number } = get();
  if (number === null) return;
  const generation = get().generation + 1;
  set({ generation });
  const answer = await invoke('conversations:get', { number });
  if (get().generation !== generation || get().number !== number) return;
  set(answer.ok ? { conversation: answer.value, error: null } : { error: answer.error });
}

/** whether the profile's events are set up: read when a conversation opens, not at every event (it asks the keychain) */
async function loadWebhookInfo(set: Set): Promise<void> {
  const webhooks = await invoke('webhooks:info', {});
  set({ webhooks: webhooks.ok ? webhooks.value : null });
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
    useQuickStore.getState().reset();
    await Promise.all([get().reload(), loadWebhookInfo(set)]);
  },

  reload() {
    return readsOfConversation(() => readConversation(get, set));
  },

  setReply(text) {
    set({ reply: text, ...(get().replyState.phase === 'sending' ? {} : { replyState: { phase: 'idle' } }) });
  },

  async sendReply() {
    const { number, reply, replyState } = get();
    if (number === null || reply.trim() === '' || replyState.phase === 'sending') return;
    const go = guardLiveAct('send', get().conversation?.profileId ?? null, number);
    if (go !== true && !(await go)) return;
    set({ replyState: { phase: 'sending' } });
    // a quoted reply goes with the id of what it quotes, a canned response's file through main (quick-store.ts)
    const { quoting, attachment } = useQuickStore.getState();
    if (quoting !== null && attachment !== null) {
      set({ replyState: { phase: 'failed', error: { code: 'validation', message: FILE_WITHOUT_QUOTE } } });
      return;
    }
    const r =
      attachment !== null
        ? await invoke('canned:send-media', { name: attachment.name, number, caption: reply })
        : quoting === null
          ? await invoke('send:submit', { draft: { kind: 'text', number, text: reply }, requestId: newRequestId() })
          : await invoke('quick:reply', { number, text: reply, replyTo: quoting.messageId });
    if (!r.ok) {
      useWindowRefusals.getState().noteFailure(get().conversation?.profileId ?? null, r.error.message);
      set({ replyState: { phase: 'failed', error: r.error } });
      return;
    }
    useQuickStore.getState().cancelQuote();
    useQuickStore.getState().dropAttachment();
    // the text went to the service (or into the outbox): the box is free for the next one
    set({
      reply: '',
      replyState: {
        phase: 'done',
        words: r.value.status === 'queued' ? 'In the outbox: it is sent when the service is back.' : 'Accepted by the service.',
      },
    });
    await get().reload();
  },

  attach() {
    // another profile: another webhook address and secrets, and its own conversation; a reply
    // the other profile's service refused is no longer this panel's to show
    const offProfiles = onEvent('profiles:changed', (e) => {
      const switched = e.activeProfileId !== (get().conversation?.profileId ?? e.activeProfileId);
      if (switched && get().replyState.phase === 'failed') set({ replyState: { phase: 'idle' } });
      if (get().number === null) return;
      void get().reload();
      void loadWebhookInfo(set);
    });
    const offConversation = onEvent('conversation:changed', (e) => {
      const { number, conversation } = get();
      if (number === null) return;
      const sameProfile = e.profileId === null || conversation === null || e.profileId === conversation.profileId;
      if (sameProfile && (e.number === null || e.number === number)) void get().reload();
    });
    // what changed while the panel was away (a template sent from Send, a photo sent from Send Media) is read again
    if (get().number !== null && get().conversation !== null) void get().reload();
    return () => {
      offProfiles();
      offConversation();
    };
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
