// Which component shows each screen. Contacts, the screen the window opens on, is in the first
// chunk; every other screen is a chunk of its own, so the cold load parses and runs only what the
// first screen needs (npm run bench: cold load). preloadScreens() fetches the rest once the
// window is idle, so switching screens later does not wait.
import { lazy, type ComponentType } from 'react';
import { ContactsScreen } from '../features/contacts/contacts-screen';
import type { Screen } from './app-store';

type ScreenModule = () => Promise<{ default: ComponentType }>;

const LATER_SCREENS: Record<Exclude<Screen, 'contacts'>, ScreenModule> = {
  send: () => import('../features/send/send-screen').then((m) => ({ default: m.SendScreen })),
  keys: () => import('../features/keys/keys-screen').then((m) => ({ default: m.KeysScreen })),
  outbox: () => import('../features/outbox/outbox-screen').then((m) => ({ default: m.OutboxScreen })),
  log: () => import('../features/log/log-screen').then((m) => ({ default: m.LogScreen })),
  profiles: () => import('../features/profiles/profiles-screen').then((m) => ({ default: m.ProfilesScreen })),
  messages: () => import('../features/messages/messages-screen').then((m) => ({ default: m.MessagesScreen })),
  conversations: () => import('../features/inbox/inbox-screen').then((m) => ({ default: m.InboxScreen })),
};

export const SCREEN_VIEWS: Record<Screen, ComponentType> = {
  contacts: ContactsScreen,
  send: lazy(LATER_SCREENS.send),
  keys: lazy(LATER_SCREENS.keys),
  outbox: lazy(LATER_SCREENS.outbox),
  log: lazy(LATER_SCREENS.log),
  profiles: lazy(LATER_SCREENS.profiles),
  messages: lazy(LATER_SCREENS.messages),
  conversations: lazy(LATER_SCREENS.conversations),
};

/** Loads every later screen's chunk (the module map keeps them: React.lazy finds them loaded). */
export function preloadScreens(): void {
  for (const load of Object.values(LATER_SCREENS)) load().catch(() => {
    // a chunk that fails here fails again when its screen opens, where ScreenBoundary says so
  });
}
