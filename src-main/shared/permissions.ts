// What an API key may do (docs/API.md, API keys): one list for the zod schemas, the key forms and the
// checks of a server's answer.

export const PERMISSIONS = ['contacts:read', 'messages:send', 'keys:manage'] as const;

export type Permission = (typeof PERMISSIONS)[number];
