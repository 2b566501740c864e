// The window's own page, as Chromium itself reports it once the first load commits. IPC senders
// and navigations are compared with this, never with a URL built by Node: Node's file URL for
// the same file can differ (a Windows drive letter's case, a folder name with % or spaces), and
// then every call would be refused.

export interface TrustedPage {
  /** the first committed URL wins; later commits (reloads) cannot move it elsewhere */
  commit(url: string): void;
  /** null until the page has committed: nothing is trusted before that */
  url(): string | null;
}

export function createTrustedPage(): TrustedPage {
  let committed: string | null = null;
  return {
    commit(url) {
      committed ??= url;
    },
    url: () => committed,
  };
}
