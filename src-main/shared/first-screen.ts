// The page of contacts the window shows first: main asks the service for it as the window is
// being created (runtime/first-contacts-page.ts), and the contacts screen's first request is this
// very page, which main then answers with what it already has. Pure.
export const CONTACTS_PAGE_SIZE = 100;

/** the first `contacts:list` of the contacts screen: page 1, no search */
export const FIRST_CONTACTS_PAGE = { page: 1, perPage: CONTACTS_PAGE_SIZE } as const;
