// The active profile's webhook settings as Profiles shows them: the local address its service
// should post to, whether posts must be signed, and setting or clearing the secret and the
// verify token. The values go to main once (webhooks:set-secrets) and stay in the keychain; what
// comes back says only whether each is set.
import { create } from 'zustand';
import type { ErrorInfo, WebhookInfo } from '../../lib/api';
import { invoke } from '../../lib/api';

interface WebhooksState {
  info: WebhookInfo | null;
  error: ErrorInfo | null;
  /** bumped by every load; older answers are ignored */
  generation: number;
  load: () => Promise<void>;
  /** sets (a value) or clears (null) the active profile's webhook secret or verify token; the error, or null */
  save: (field: 'secret' | 'verifyToken', value: string | null) => Promise<ErrorInfo | null>;
}

export const useWebhooksStore = create<WebhooksState>()((set, get) => ({
  info: null,
  error: null,
  generation: 0,

  async load() {
    const generation = get().generation + 1;
    set({ generation });
    const r = await invoke('webhooks:info', {});
    if (get().generation !== generation) return;
    set(r.ok ? { info: r.value, error: null } : { info: null, error: r.error });
  },

  async save(field, value) {
    const r = await invoke('webhooks:set-secrets', { [field]: value });
    if (!r.ok) return r.error;
    set((s) => ({ info: r.value, error: null, generation: s.generation + 1 }));
    return null;
  },
}));
