// The inbox follows main: a conversation changed (a reply, a send, a state, a read mark in another
// window) reads the list again; another active profile shows its own list. The unread total is
// in the window's title, and the window opens on Conversations when the profile has any.
import { onEvent } from '../../lib/api';
import type { Unsubscribe } from '../../lib/contract';
import { combineUnsubscribes } from '../../lib/unsubscribes';
import { titleWithUnread } from '../../../src-main/shared/inbox';
import { appTitle, loadScreen, onAppChange, openScreen, replaceFirstScreen } from '../../app/app-port';
import { useContactsStore } from '../contacts/contacts-store';
import { useProfilesStore } from '../profiles/profiles-store';
import { useInboxStore } from './inbox-store';

export function wireInboxEvents(): Unsubscribe {
  const off = combineUnsubscribes([
    onEvent('conversation:changed', (e) => {
      const active = useProfilesStore.getState().activeProfileId;
      if (e.profileId === null || active === null || e.profileId === active) void useInboxStore.getState().onChanged();
    }),
    // the person clicked the desktop notification of a reply
    onEvent('inbox:open', ({ number }) => {
      openScreen('conversations');
      void useInboxStore.getState().open(number);
    }),
    followActiveProfile(),
    keepTitle(),
  ]);
  void startInbox();
  return off;
}

/**
 * The first page of the list and, when the window will probably open on Conversations, at the same
 * time the screen's chunk (small; the window fetches every screen's a second later anyway), so it
 * waits for the longer of the two, not their sum; a window that opens on Contacts does not spend
 * its first frames on that chunk. Called before React renders (app/start-first-load.ts) and again
 * as the events are wired: the second call finds both on their way.
 */
export function startInbox(loadScreenNow = false): Promise<void> {
  const chunk = loadScreenNow ? loadScreen('conversations') : null;
  return useInboxStore
    .getState()
    .start()
    .then(() => openOnConversations(chunk));
}

/**
 * The window opens on Conversations when the profile has some: the agent's work starts there. A
 * fresh data folder (none) keeps Contacts, and so does a person who already moved or typed.
 */
async function openOnConversations(chunk: Promise<void> | null): Promise<void> {
  const wanted = (): boolean => (useInboxStore.getState().total ?? 0) > 0 && useContactsStore.getState().searchInput === '';
  if (!wanted()) return;
  // its chunk first: a screen opened before it arrived shows 300 ms late (screen-chunks.ts)
  await (chunk ?? loadScreen('conversations'));
  if (wanted()) replaceFirstScreen('conversations');
}

function followActiveProfile(): Unsubscribe {
  let last: string | null | undefined;
  return useProfilesStore.subscribe((state) => {
    if (state.status !== 'ready' || state.activeProfileId === last) return;
    // the first answer is the profile the list was read for at start
    const first = last === undefined;
    last = state.activeProfileId;
    if (!first) useInboxStore.getState().reset();
  });
}

/** "(3) CRM Console": the unread total in front of the window's own title */
function keepTitle(): Unsubscribe {
  const apply = (): void => {
    const base = appTitle();
    // before app:info answers, the title is the page's own
    const title = base === null ? null : titleWithUnread(base, useInboxStore.getState().unreadTotal);
    if (title !== null && document.title !== title) document.title = title;
  };
  // after the app store's own write of the title (loadInfo sets it right after its info)
  const later = (): void => queueMicrotask(apply);
  return combineUnsubscribes([useInboxStore.subscribe(later), onAppChange(later)]);
}
