// What a key test (or any request made with a key) showed about the key: one list for the type,
// the saved keys' schema and the window's labels.

export const KEY_TEST_OUTCOMES = ['valid', 'invalid_or_revoked', 'forbidden', 'unreachable', 'rate_limited', 'server_error'] as const;

export type KeyTestOutcome = (typeof KEY_TEST_OUTCOMES)[number];
