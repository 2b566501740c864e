import { useContactsStore } from '../features/contacts/contacts-store';
import { startInbox } from '../features/inbox/inbox-events';
import { useInboxStore } from '../features/inbox/inbox-store';
import { useAppStore } from './app-store';
import { registerScreenLoader } from './app-port';
import { expectsConversations, rememberFirstScreen } from './first-screen-hint';
import { loadScreenChunk } from './screen-chunks';

/**
 * The longest React's first render waits for the inbox to say which screen the window opens on:
 * a main still starting (a first run, a slow keychain) must not keep the window blank. The answer
 * coming later still opens Conversations, as a switch.
 */
export const FIRST_SCREEN_WAIT_MS = 100;

/**
 * Asks main for the first screen's data while the bundle is still being evaluated (see
 * first-load.ts), before React renders: the first contacts page then travels while React builds
 * the tree, instead of after its first commit and passive effects. ContactsScreen's own init()
 * is a no-op afterwards. The inbox's first page goes too, with its screen's chunk: it decides
 * whether the window opens on Conversations. Resolves once it did (or FIRST_SCREEN_WAIT_MS
 * passed), for React's first render: that render is then the Conversations screen itself, with
 * its first rows, instead of Contacts rendered first, then replaced, while the page's answer
 * waited behind that render in the window's one thread. It waits only when the window opened on
 * Conversations last time (first-screen-hint.ts): one that opens on Contacts renders at once.
 */
export function startFirstLoad(): Promise<void> {
  if (useAppStore.getState().screen === 'contacts') useContactsStore.getState().init();
  registerScreenLoader(loadScreenChunk);
  const opensOnConversations = expectsConversations();
  const inbox = startInbox(opensOnConversations);
  void inbox.then(() => rememberFirstScreen((useInboxStore.getState().total ?? 0) > 0));
  // it opened on Contacts last time: render now, and switch should the inbox say otherwise
  if (!opensOnConversations) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    void inbox.finally(() => {
      clearTimeout(timer);
      done();
    });
  });
}
