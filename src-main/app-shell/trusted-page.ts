// The window's own page, as Chromium itself reports it once the first load commits. IPC senders
// and navigations are compared with this. Only a page at the address the window was told to load
// (app://crm-console/ or, in development, the dev server) can become the trusted one: whatever
// else commits first (an error page, a redirect) is never trusted.
import { isAllowedNavigation } from './security-policy';

export interface TrustedPage {
  /** the first committed URL at the expected address wins; later commits (reloads) cannot move it elsewhere */
  commit(url: string): void;
  /** null until the page has committed: nothing is trusted before that */
  url(): string | null;
}

/** `expected`: the URL the window loads */
export function createTrustedPage(expected: string): TrustedPage {
  let committed: string | null = null;
  return {
    commit(url) {
      if (committed === null && isAllowedNavigation(url, expected)) committed = url;
    },
    url: () => committed,
  };
}
