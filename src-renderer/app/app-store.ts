import { create } from 'zustand';
import { LIMITS, type SendLimits } from '../../src-main/shared/limits';
import type { AppInfo, ErrorInfo } from '../lib/api';
import { invoke } from '../lib/api';

export type Screen = 'contacts' | 'send' | 'keys' | 'outbox' | 'log' | 'profiles' | 'messages';

/**
 * Every screen in shortcut order: Ctrl+N opens the Nth. A new screen goes last, so the shortcuts
 * people already know keep their numbers (Messages came after the first six: Ctrl+7).
 */
export const SCREENS: { id: Screen; label: string }[] = [
  { id: 'contacts', label: 'Contacts' },
  { id: 'send', label: 'Send' },
  { id: 'keys', label: 'Keys' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'log', label: 'Request log' },
  { id: 'profiles', label: 'Profiles' },
  { id: 'messages', label: 'Messages' },
];

/** The nav's order: Messages (what was sent) right after Send; the rest as in SCREENS. */
export const NAV_SCREENS: { id: Screen; label: string }[] = SCREENS.flatMap((s) =>
  s.id === 'messages' ? [] : s.id === 'send' ? [s, ...SCREENS.filter((m) => m.id === 'messages')] : [s],
);

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
}

interface AppState {
  info: AppInfo | null;
  infoError: ErrorInfo | null;
  screen: Screen;
  bannerDismissed: boolean;
  notices: Notice[];
  nextNoticeId: number;
  loadInfo: () => Promise<void>;
  navigate: (screen: Screen) => void;
  dismissBanner: () => void;
  pushNotice: (level: Notice['level'], message: string) => void;
  dismissNotice: (id: number) => void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  info: null,
  infoError: null,
  screen: 'contacts',
  bannerDismissed: false,
  notices: [],
  nextNoticeId: 1,
  loadInfo: async () => {
    const r = await invoke('app:info', {});
    if (!r.ok) {
      set({ infoError: r.error });
      return;
    }
    set({ info: r.value, infoError: null });
    // what went wrong while main started (a settings file set aside, no sandbox) is said once
    for (const message of r.value.notices) get().pushNotice('warning', message);
    document.title = windowTitle(r.value.host);
  },
  navigate: (screen) => set({ screen }),
  dismissBanner: () => set({ bannerDismissed: true }),
  pushNotice: (level, message) => {
    const id = get().nextNoticeId;
    // keep the last few; an app:notice storm must not grow the DOM without bound
    set((s) => ({ nextNoticeId: id + 1, notices: [...s.notices, { id, level, message }].slice(-5) }));
  },
  dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

/** Where no Electron can be had, the title bar says the app runs in a plain Chromium window. */
export function windowTitle(host: AppInfo['host']): string {
  return host === 'chromium' ? 'CRM Console (in Chromium, without Electron)' : 'CRM Console';
}

export const selectScreen = (s: AppState): Screen => s.screen;
export const selectFirstRunNotice = (s: AppState): string | null => (s.bannerDismissed ? null : (s.info?.firstRunNotice ?? null));
/** main's limits; API.md's (the same module main reads) until app:info answers */
export const selectLimits = (s: AppState): SendLimits => s.info?.limits ?? LIMITS;
export const selectNotices = (s: AppState): Notice[] => s.notices;
