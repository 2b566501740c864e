// The window's wiring, once: each feature subscribes to its own events of main
// (features/*/*-events.ts); this file only composes them and makes the stores that keep something
// per profile follow the active one.
import { dropEarlyCalls } from '../lib/api';
import { useAppStore } from './app-store';
import { registerScreenLoader } from './app-port';
import { loadScreenChunk } from './screen-chunks';
import { wireShellEvents } from './app-events';
import { wireContactsEvents } from '../features/contacts/contacts-events';
import { useContactsStore } from '../features/contacts/contacts-store';
import { wireKeysEvents } from '../features/keys/keys-events';
import { wireLeakEvents } from '../features/keys/leak-events';
import { useKeysStore } from '../features/keys/keys-store';
import { wireLogEvents } from '../features/log/log-events';
import { useLogStore } from '../features/log/log-store';
import { wireMessagesEvents } from '../features/messages/messages-events';
import { useMessagesStore } from '../features/messages/messages-store';
import { wireOutboxEvents } from '../features/outbox/outbox-events';
import { useOutboxStore } from '../features/outbox/outbox-store';
import { wireProfilesEvents } from '../features/profiles/profiles-events';
import { selectActiveProfile, useProfilesStore } from '../features/profiles/profiles-store';
import { wireSendEvents } from '../features/send/send-events';
import { wireInboxEvents } from '../features/inbox/inbox-events';
import { useSendStore } from '../features/send/send-store';
import { useSearchStore } from '../features/search/search-store';

/**
 * Subscribes every feature to main's events and to the active profile/key, once.
 * Returns the function that undoes all of it (App calls it on unmount).
 */
export function wireAppEvents(): () => void {
  registerScreenLoader(loadScreenChunk);
  // the outbox hears net:status before the contacts, which retry what failed offline
  const offs = [
    wireSendEvents(),
    wireOutboxEvents(),
    wireMessagesEvents(),
    wireKeysEvents(),
    wireLeakEvents(),
    wireProfilesEvents(),
    wireLogEvents(),
    wireContactsEvents(),
    wireShellEvents(),
    wireInboxEvents(),
  ];

  // Everything that depends on the active profile or its active key follows it. The first
  // answer of profiles:list only loads the keys: the contacts already asked main, whose active
  // profile it is, so refreshing them then would fetch page 1 twice.
  let last: ReturnType<typeof activeIds> | null = null;
  offs.push(
    useProfilesStore.subscribe((state) => {
      if (state.status !== 'ready') return;
      const now = activeIds();
      if (last === null) {
        last = now;
        void useKeysStore.getState().load(now.profileId);
        adoptProfile(now.profileId);
        return;
      }
      if (now.profileId === last.profileId && now.keyId === last.keyId && now.baseUrl === last.baseUrl && now.routes === last.routes)
        return;
      // a first page asked for before the app ran was for the profile, key and address of then
      dropEarlyCalls();
      const switched = now.profileId !== last.profileId;
      // the first profile of a window that had none takes over what is on screen, and reloads it
      const fromNone = last.profileId === null;
      last = now;
      if (switched && !fromNone) {
        // Another profile: its keys, and its own search, chosen contact, drafts and results
        // (each store parks the profile left and brings back this one's). The same profile's
        // keys changing (another active key, moved to another address) comes as main's
        // keys:changed, which reloads them above.
        void useKeysStore.getState().load(now.profileId);
        adoptProfile(now.profileId);
        return;
      }
      if (switched) {
        void useKeysStore.getState().load(now.profileId);
        adoptProfile(now.profileId);
      }
      useContactsStore.getState().refresh();
      useMessagesStore.getState().reset();
      const send = useSendStore.getState();
      send.schedulePreview(send.tab);
    }),
  );

  void useAppStore.getState().loadInfo();
  void useProfilesStore.getState().load();
  void useOutboxStore.getState().load();
  void useLogStore.getState().load();

  return () => {
    for (const off of offs) off();
  };
}

/** Every store that keeps something per profile follows the active one. */
function adoptProfile(profileId: string | null): void {
  useContactsStore.getState().switchProfile(profileId);
  useMessagesStore.getState().switchProfile(profileId);
  useSendStore.getState().switchProfile(profileId);
  useSearchStore.getState().switchProfile(profileId);
}

function activeIds() {
  const p = selectActiveProfile(useProfilesStore.getState());
  return {
    profileId: p?.id ?? null,
    keyId: p?.activeKeyId ?? null,
    baseUrl: p?.baseUrl ?? null,
    // how the service is asked (API tab, path overrides): a saved change re-reads the contacts
    // and redraws the send preview; compared as text because every profiles answer is a new object
    routes: p ? JSON.stringify([p.api, p.endpointOverrides]) : null,
  };
}
