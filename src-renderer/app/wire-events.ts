import { onEvent } from '../lib/api';
import { useAppStore } from './app-store';
import { useContactsStore } from '../features/contacts/contacts-store';
import { useKeysStore } from '../features/keys/keys-store';
import { useLogStore } from '../features/log/log-store';
import { useMessagesStore } from '../features/messages/messages-store';
import { useOutboxStore } from '../features/outbox/outbox-store';
import { selectActiveProfile, useProfilesStore } from '../features/profiles/profiles-store';
import { useSendStore } from '../features/send/send-store';
import { useUpdateStore } from './update-store';

/**
 * Subscribes every store to main's events and to the active profile/key, once.
 * Returns the function that undoes all of it (App calls it on unmount).
 */
export function wireAppEvents(): () => void {
  const offs = [
    onEvent('send:progress', (e) => useSendStore.getState().onProgress(e)),
    onEvent('outbox:changed', (e) => useOutboxStore.getState().setItems(e.items)),
    // a send, a replay or an outbox delivery is on the app's record: the Messages view lists again
    onEvent('messages:changed', (e) => {
      // another profile's send (an outbox delivery for it) changes nothing shown
      if (e.profileId === useProfilesStore.getState().activeProfileId) useMessagesStore.getState().onChanged();
    }),
    // main sends keys:changed once per change of a key, each step of a server revocation
    // included, so the outbox's own changes never list the keys again
    onEvent('keys:changed', (e) => {
      const keys = useKeysStore.getState();
      if (e.profileId === null || e.profileId === keys.profileId) {
        void keys.reload();
        // a server revocation may have just completed: the server's list changed too
        if (keys.server.status === 'ready') void keys.loadServerKeys();
      }
    }),
    onEvent('profiles:changed', (state) => useProfilesStore.getState().apply(state)),
    onEvent('log:entry', (entry) => useLogStore.getState().add(entry)),
    onEvent('net:status', (net) => {
      const wasOffline = useOutboxStore.getState().net?.online === false;
      useOutboxStore.getState().setNet(net);
      // back online: what failed for want of a connection is asked again, without a click
      if (wasOffline && net.online) useContactsStore.getState().retryFailed();
    }),
    onEvent('app:notice', (n) => useAppStore.getState().pushNotice(n.level, n.message)),
    onEvent('app:update', (u) => useUpdateStore.getState().apply(u)),
  ];
  // asked after subscribing, so a change in between is not missed (load keeps a newer event)
  void useUpdateStore.getState().load();

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
      if (now.profileId === last.profileId && now.keyId === last.keyId && now.baseUrl === last.baseUrl && now.routes === last.routes) return;
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
