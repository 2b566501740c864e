import { useEffect, useRef, useState, type ComponentType } from 'react';
import { selectScreen, useAppStore, type Screen } from './app-store';
import { AppHeader } from './header';
import { AppNav } from './nav';
import { Notices } from './notices';
import { CommandPalette } from './command-palette';
import { isPaletteShortcut, isSearchShortcut, screenForShortcut } from './shortcuts';
import { focusScreen } from '../ui/focus';
import { wireAppEvents } from './wire-events';
import { ConfirmHost } from '../ui/confirm-host';
import { ContactsScreen } from '../features/contacts/contacts-screen';
import { SendScreen } from '../features/send/send-screen';
import { KeysScreen } from '../features/keys/keys-screen';
import { OutboxScreen } from '../features/outbox/outbox-screen';
import { LogScreen } from '../features/log/log-screen';
import { ProfilesScreen } from '../features/profiles/profiles-screen';
import { MessagesScreen } from '../features/messages/messages-screen';

const SCREEN_VIEWS: Record<Screen, ComponentType> = {
  contacts: ContactsScreen,
  send: SendScreen,
  keys: KeysScreen,
  outbox: OutboxScreen,
  log: LogScreen,
  profiles: ProfilesScreen,
  messages: MessagesScreen,
};

export function App() {
  const screen = useAppStore(selectScreen);
  const isMac = useAppStore((s) => s.info?.platform === 'darwin');
  const main = useRef<HTMLElement>(null);
  const openedByKey = useRef(false);
  const [palette, setPalette] = useState(false);
  useEffect(() => wireAppEvents(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (isPaletteShortcut(e, isMac)) {
        e.preventDefault();
        setPalette(true);
        return;
      }
      if (isSearchShortcut(e, e.target)) {
        e.preventDefault();
        openedByKey.current = true;
        if (useAppStore.getState().screen === 'contacts') focusScreen(main.current);
        else useAppStore.getState().navigate('contacts');
        return;
      }
      const target = screenForShortcut(e, isMac);
      if (!target) return;
      e.preventDefault();
      openedByKey.current = true;
      if (useAppStore.getState().screen === target) focusScreen(main.current);
      else useAppStore.getState().navigate(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMac]);
  useEffect(() => {
    // a screen opened from the keyboard puts the person where its work starts
    if (!openedByKey.current) return;
    openedByKey.current = false;
    focusScreen(main.current);
  }, [screen]);
  const View = SCREEN_VIEWS[screen];
  return (
    <div className="app">
      <AppHeader />
      <div className="app-body">
        <AppNav />
        <main ref={main} className="app-main" data-testid={`screen-${screen}`}>
          <Notices />
          <View />
        </main>
      </div>
      <ConfirmHost />
      {palette && <CommandPalette onClose={() => setPalette(false)} />}
    </div>
  );
}
