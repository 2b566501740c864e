// The page of contacts the window shows first: main asks the service for it as the window is
// being created (runtime/first-contacts-page.ts), and the contacts screen's first request is this
// very page, which main then answers with what it already has. Pure.
export const CONTACTS_PAGE_SIZE = 100;

/** the first `contacts:list` of the contacts screen: page 1, no search */
export const FIRST_CONTACTS_PAGE = { page: 1, perPage: CONTACTS_PAGE_SIZE } as const;

/**
 * The call window.crm makes as it is installed, before any of the page's own files are fetched
 * (Electron's preload, the Chromium host's installed script): the contacts screen's first request,
 * whose answer then travels while the page loads its script. The app takes it once
 * (src-renderer/lib/api.ts); both bridges make this one call, decided here.
 */
export const EARLY_CALL = { channel: 'contacts:list', payload: FIRST_CONTACTS_PAGE } as const;

/** how long an early call may stand in for the app's own (main keeps its first page as long) */
export const EARLY_CALL_FRESH_MS = 10_000;

/** a call's identity: an early answer stands in only for the very same channel and payload */
export const earlyCallKey = (channel: string, payload: unknown): string => `${channel} ${JSON.stringify(payload)}`;
