import { useEffect, type ComponentType } from 'react';
import { selectScreen, useAppStore, type Screen } from './app-store';
import { AppHeader } from './header';
import { AppNav } from './nav';
import { Notices } from './notices';
import { wireAppEvents } from './wire-events';
import { ConfirmHost } from '../ui/confirm-host';
import { ContactsScreen } from '../features/contacts/contacts-screen';
import { SendScreen } from '../features/send/send-screen';
import { KeysScreen } from '../features/keys/keys-screen';
import { OutboxScreen } from '../features/outbox/outbox-screen';
import { LogScreen } from '../features/log/log-screen';
import { ProfilesScreen } from '../features/profiles/profiles-screen';

const SCREEN_VIEWS: Record<Screen, ComponentType> = {
  contacts: ContactsScreen,
  send: SendScreen,
  keys: KeysScreen,
  outbox: OutboxScreen,
  log: LogScreen,
  profiles: ProfilesScreen,
};

export function App() {
  const screen = useAppStore(selectScreen);
  useEffect(() => wireAppEvents(), []);
  const View = SCREEN_VIEWS[screen];
  return (
    <div className="app">
      <AppHeader />
      <div className="app-body">
        <AppNav />
        <main className="app-main" data-testid={`screen-${screen}`}>
          <Notices />
          <View />
        </main>
      </div>
      <ConfirmHost />
    </div>
  );
}
