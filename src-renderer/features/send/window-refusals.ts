// Which profiles' services were seen refusing a free-form message outside the 24-hour window
// (service-window.ts's table): from then on the conversation warns before the next one, even
// where the profile's description could not tell that the service enforces the window. Kept for
// the window's life; a conversation's failed deliveries say it again after a restart.
import { create } from 'zustand';
import { windowRefusalIn } from '../../../src-main/shared/service-window';

interface WindowRefusalsState {
  /** by profile id */
  seen: Record<string, true>;
  /** a send under this profile failed with this text: remember it when it is the window's refusal */
  noteFailure: (profileId: string | null, text: string) => void;
}

export const useWindowRefusals = create<WindowRefusalsState>()((set, get) => ({
  seen: {},
  noteFailure: (profileId, text) => {
    if (profileId === null || get().seen[profileId] || windowRefusalIn(text) === null) return;
    set((s) => ({ seen: { ...s.seen, [profileId]: true } }));
  },
}));
