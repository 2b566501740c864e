// The later screens' chunks (every screen but Contacts, which is in the first chunk) and which of
// them have arrived. A screen whose chunk has arrived is rendered at once rather than through
// React.lazy: a lazy screen shows its Suspense fallback on its first render even when its chunk
// is in, and React holds the revealing of a boundary back 300 ms after its fallback was shown,
// so the screen would come up 300 ms late.
import type { ComponentType } from 'react';
import type { Screen } from './app-store';

export type LaterScreen = Exclude<Screen, 'contacts'>;

type ScreenModule = () => Promise<{ default: ComponentType }>;

const LOADERS: Record<LaterScreen, ScreenModule> = {
  send: () => import('../features/send/send-screen').then((m) => ({ default: m.SendScreen })),
  keys: () => import('../features/keys/keys-screen').then((m) => ({ default: m.KeysScreen })),
  outbox: () => import('../features/outbox/outbox-screen').then((m) => ({ default: m.OutboxScreen })),
  log: () => import('../features/log/log-screen').then((m) => ({ default: m.LogScreen })),
  profiles: () => import('../features/profiles/profiles-screen').then((m) => ({ default: m.ProfilesScreen })),
  messages: () => import('../features/messages/messages-screen').then((m) => ({ default: m.MessagesScreen })),
  conversations: () => import('../features/inbox/inbox-screen').then((m) => ({ default: m.InboxScreen })),
  templates: () => import('../features/templates/templates-screen').then((m) => ({ default: m.TemplatesScreen })),
};

export const LATER_SCREENS = Object.keys(LOADERS) as LaterScreen[];

const arrived: Partial<Record<LaterScreen, ComponentType>> = {};

/** fetches and runs `screen`'s chunk (the module map keeps it: a second call finds it loaded) */
export function loadScreenChunk(screen: LaterScreen): Promise<{ default: ComponentType }> {
  return LOADERS[screen]().then((m) => {
    arrived[screen] = m.default;
    return m;
  });
}

/** the screen's component when its chunk has arrived, null before */
export function arrivedScreen(screen: LaterScreen): ComponentType | null {
  return arrived[screen] ?? null;
}
