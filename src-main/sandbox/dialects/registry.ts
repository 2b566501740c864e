// The dialects by name, and the whole route table of each: its own contacts and send routes,
// then what every dialect shares (GET /api/v1/messages, the key routes), then the playground.
import { apiErrorFormat } from '../errors';
import { contactRoutes } from '../contact-routes';
import { keyRoutes } from '../key-routes';
import { listMessagesRoute, sendRoutes } from '../message-routes';
import type { AnyRoute } from '../router';
import type { SandboxDialect } from '../types';
import { cloudErrorFormat } from './cloud-errors';
import { CLOUD_EXAMPLES } from './cloud-examples';
import { cloudRoutes } from './cloud-routes';
import { ONE_LINE_CURL, POSTMAN_CURL, README_CURL } from './curl-styles';
import { DEFAULT_EXAMPLES } from './default-examples';
import { deskErrorFormat } from './desk-errors';
import { DESK_EXAMPLES } from './desk-examples';
import { deskRoutes } from './desk-routes';
import type { Dialect } from './dialect';
import { META_CURL } from './meta-curl';
import { metaErrorFormat } from './meta-errors';
import { META_EXAMPLES } from './meta-examples';
import { metaRoutes } from './meta-routes';
import type { PlaygroundTab } from './playground';
import { buildTabs } from './playground';
import { playgroundRoutes } from './playground-routes';

const DIALECTS: Readonly<Record<SandboxDialect, Dialect>> = {
  default: { name: 'default', routes: [...contactRoutes, ...sendRoutes], errorFormat: apiErrorFormat, examples: DEFAULT_EXAMPLES, curlStyle: ONE_LINE_CURL },
  cloud: { name: 'cloud', routes: cloudRoutes, errorFormat: cloudErrorFormat, examples: CLOUD_EXAMPLES, curlStyle: POSTMAN_CURL },
  desk: { name: 'desk', routes: deskRoutes, errorFormat: deskErrorFormat, examples: DESK_EXAMPLES, curlStyle: README_CURL },
  meta: { name: 'meta', routes: metaRoutes, errorFormat: metaErrorFormat, examples: META_EXAMPLES, curlStyle: META_CURL },
};

export function dialectFor(name: SandboxDialect): Dialect {
  return DIALECTS[name];
}

/** Every route the sandbox answers in this dialect; for 'default' the API.md routes in their usual order. */
export function dialectRoutes(name: SandboxDialect): AnyRoute[] {
  const dialect = dialectFor(name);
  return [...dialect.routes, listMessagesRoute, ...keyRoutes, ...playgroundRoutes(dialect)];
}

/**
 * The playground's four tabs (List Contacts, Send Text, Send Media, Send Audio) for a dialect, with
 * cURLs for `baseUrl`: what GET /playground.json answers, for callers that do not want HTTP.
 */
export function playgroundTabs(name: SandboxDialect, baseUrl: string): PlaygroundTab[] {
  return buildTabs(dialectFor(name), baseUrl);
}
