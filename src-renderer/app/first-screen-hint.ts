// Whether the window opened on Conversations last time, kept in the page's own storage (a word,
// nothing about any contact). React's first render waits for the inbox only when it probably
// opens there: a window that opens on Contacts (a fresh data folder, a profile without
// conversations) renders at once, and its first contact rows are not held up by the inbox's answer.
const HINT_KEY = 'crm.first-screen';

export function expectsConversations(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === 'conversations';
  } catch {
    return false;
  }
}

export function rememberFirstScreen(hasConversations: boolean): void {
  try {
    window.localStorage.setItem(HINT_KEY, hasConversations ? 'conversations' : 'contacts');
  } catch {
    // storage refused (full, or switched off): the next start renders at once, then switches
  }
}
