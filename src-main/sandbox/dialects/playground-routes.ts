// GET /playground (HTML) and GET /playground.json: public, like a service's developer area, so
// they need no key and take no rate-limit token. The cURLs use the base URL the request came to.
import type { PublicRoute } from '../router';
import type { Dialect } from './dialect';
import { buildTabs } from './playground';
import { playgroundHtml } from './playground-html';

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

export function playgroundRoutes(dialect: Dialect): PublicRoute[] {
  return [
    {
      method: 'GET',
      path: '/playground',
      public: true,
      handle: ({ origin }) => ({
        status: 200,
        body: playgroundHtml(dialect.name, origin, buildTabs(dialect, origin)),
        preserialized: true,
        headers: HTML_HEADERS,
      }),
    },
    {
      method: 'GET',
      path: '/playground.json',
      public: true,
      handle: ({ origin }) => ({ status: 200, body: { dialect: dialect.name, baseUrl: origin, tabs: buildTabs(dialect, origin) } }),
    },
  ];
}
