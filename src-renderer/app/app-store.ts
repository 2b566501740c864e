import { create } from 'zustand';
import { LIMITS, type SendLimits } from '../../src-main/shared/limits';
import type { AppInfo, ErrorInfo } from '../lib/api';
import { invoke } from '../lib/api';

export type Screen = 'contacts' | 'send' | 'keys' | 'outbox' | 'log' | 'profiles' | 'messages' | 'conversations' | 'templates';

/**
 * Every screen in the sidebar's order, which is also the shortcut order: Ctrl+N opens the Nth,
 * so the number a link shows beside it is its place in the list.
 */
export const SCREENS: { id: Screen; label: string }[] = [
  { id: 'contacts', label: 'Contacts' },
  { id: 'send', label: 'Send' },
  { id: 'messages', label: 'Messages' },
  { id: 'keys', label: 'Keys' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'log', label: 'Request log' },
  { id: 'profiles', label: 'Profiles' },
  { id: 'conversations', label: 'Conversations' },
  { id: 'templates', label: 'Templates' },
];

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
}

interface AppState {
  info: AppInfo | null;
  infoError: ErrorInfo | null;
  screen: Screen;
  /**
   * Bumped by every navigation that should put focus into the screen (every one but the first
   * screen the window opens on): App moves focus once the screen's content is in the document.
   */
  focusTick: number;
  bannerDismissed: boolean;
  notices: Notice[];
  nextNoticeId: number;
  loadInfo: () => Promise<void>;
  /** opens a screen and puts focus on its first useful control */
  navigate: (screen: Screen) => void;
  /** puts focus on the first useful control of the screen on view (after a profile switch from the palette) */
  requestFocus: () => void;
  dismissBanner: () => void;
  pushNotice: (level: Notice['level'], message: string) => void;
  dismissNotice: (id: number) => void;
}

export const useAppStore = create<AppState>()((set, get) => ({
  info: null,
  infoError: null,
  screen: 'contacts',
  focusTick: 0,
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
  navigate: (screen) => set((s) => ({ screen, focusTick: s.focusTick + 1 })),
  requestFocus: () => set((s) => ({ focusTick: s.focusTick + 1 })),
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
export const selectFocusTick = (s: AppState): number => s.focusTick;
export const selectFirstRunNotice = (s: AppState): string | null => (s.bannerDismissed ? null : (s.info?.firstRunNotice ?? null));
/** main's limits; docs/API.md's (the same module main reads) until app:info answers */
export const selectLimits = (s: AppState): SendLimits => s.info?.limits ?? LIMITS;
export const selectNotices = (s: AppState): Notice[] => s.notices;
/** main has not answered app:info yet: it is still building the app behind the window */
export const selectStarting = (s: AppState): boolean => s.info === null && s.infoError === null;
