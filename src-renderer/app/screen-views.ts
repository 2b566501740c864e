// Which component shows each screen. Contacts, the screen the window opens on, is in the first
// chunk; every other screen is a chunk of its own, so the cold load parses and runs only what the
// first screen needs (npm run bench: cold load). preloadScreens() fetches the rest once the
// window is idle, so switching screens later does not wait.
import { createElement, lazy, useState, type ComponentType } from 'react';
import { ContactsScreen } from '../features/contacts/contacts-screen';
import type { Screen } from './app-store';
import { LATER_SCREENS, arrivedScreen, loadScreenChunk, type LaterScreen } from './screen-chunks';

/** a later screen: rendered at once when its chunk has arrived, through React.lazy before (screen-chunks.ts) */
function laterView(screen: LaterScreen): ComponentType {
  const Lazy = lazy(() => loadScreenChunk(screen));
  return function LaterScreenView() {
    // chosen once per mount: a screen shown lazily is never swapped (and so remounted) for the same screen rendered at once
    const [View] = useState<ComponentType>(() => arrivedScreen(screen) ?? Lazy);
    return createElement(View);
  };
}

export const SCREEN_VIEWS: Record<Screen, ComponentType> = {
  contacts: ContactsScreen,
  send: laterView('send'),
  keys: laterView('keys'),
  outbox: laterView('outbox'),
  log: laterView('log'),
  profiles: laterView('profiles'),
  messages: laterView('messages'),
  conversations: laterView('conversations'),
  templates: laterView('templates'),
};

/** Loads every later screen's chunk (the module map keeps them: React.lazy finds them loaded). */
export function preloadScreens(): void {
  for (const screen of LATER_SCREENS)
    loadScreenChunk(screen).catch(() => {
      // a chunk that fails here fails again when its screen opens, where ScreenBoundary says so
    });
}
