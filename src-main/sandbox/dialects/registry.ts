// The dialects by name, and the whole route table of each: its own contacts and send routes
// (reading the key where the dialect puts it), then what every dialect shares with docs/API.md's
// Bearer auth (GET /api/v1/messages, the event stream and a message's status, the key routes),
// then the playground.
import { BEARER } from '../auth';
import { apiErrorFormat } from '../errors';
import { contactRoutes } from '../contact-routes';
import { keyRoutes } from '../key-routes';
import { listMessagesRoute, sendRoutes } from '../message-routes';
import { reactionRoute } from '../reaction-route';
import { templateListRoute } from '../template-routes';
import { eventRoutes } from '../events/event-routes';
import { mediaSampleRoute } from '../events/media-samples';
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
import { evolutionErrorFormat } from './evolution-errors';
import { EVOLUTION_EXAMPLES } from './evolution-examples';
import { EVOLUTION_CREDENTIALS, evolutionRoutes } from './evolution-routes';
import { META_CURL } from './meta-curl';
import { metaErrorFormat } from './meta-errors';
import { META_EXAMPLES } from './meta-examples';
import { metaRoutes } from './meta-routes';
import type { PlaygroundTab } from './playground';
import { buildTabs } from './playground';
import { playgroundRoutes } from './playground-routes';
import { TWILIO_CREDENTIALS } from './twilio-account';
import { twilioErrorFormat } from './twilio-errors';
import { TWILIO_EXAMPLES } from './twilio-examples';
import { twilioRoutes } from './twilio-routes';
import { MINTLIFY_CURL, TWILIO_CURL } from './vendor-curl-styles';
import { WATI_CURL } from './wati-curl';
import { watiErrorFormat } from './wati-errors';
import { WATI_EXAMPLES } from './wati-examples';
import { watiRoutes } from './wati-routes';

const DIALECTS: Readonly<Record<SandboxDialect, Dialect>> = {
  default: {
    name: 'default',
    routes: [...contactRoutes, ...sendRoutes, templateListRoute, reactionRoute],
    credentials: BEARER,
    errorFormat: apiErrorFormat,
    examples: DEFAULT_EXAMPLES,
    curlStyle: ONE_LINE_CURL,
  },
  cloud: {
    name: 'cloud',
    routes: cloudRoutes,
    credentials: BEARER,
    errorFormat: cloudErrorFormat,
    examples: CLOUD_EXAMPLES,
    curlStyle: POSTMAN_CURL,
  },
  desk: {
    name: 'desk',
    routes: deskRoutes,
    credentials: BEARER,
    errorFormat: deskErrorFormat,
    examples: DESK_EXAMPLES,
    curlStyle: README_CURL,
  },
  twilio: {
    name: 'twilio',
    routes: twilioRoutes,
    credentials: TWILIO_CREDENTIALS,
    errorFormat: twilioErrorFormat,
    examples: TWILIO_EXAMPLES,
    curlStyle: TWILIO_CURL,
  },
  'evolution-v2': {
    name: 'evolution-v2',
    routes: evolutionRoutes,
    credentials: EVOLUTION_CREDENTIALS,
    errorFormat: evolutionErrorFormat,
    examples: EVOLUTION_EXAMPLES,
    curlStyle: MINTLIFY_CURL,
  },
  meta: {
    name: 'meta',
    routes: metaRoutes,
    credentials: BEARER,
    errorFormat: metaErrorFormat,
    examples: META_EXAMPLES,
    curlStyle: META_CURL,
  },
  wati: {
    name: 'wati',
    routes: watiRoutes,
    credentials: BEARER,
    errorFormat: watiErrorFormat,
    examples: WATI_EXAMPLES,
    curlStyle: WATI_CURL,
  },
};

export function dialectFor(name: SandboxDialect): Dialect {
  return DIALECTS[name];
}

/** Every route the sandbox answers in this dialect; for 'default' the docs/API.md routes in their usual order. */
export function dialectRoutes(name: SandboxDialect): AnyRoute[] {
  const dialect = dialectFor(name);
  const own = dialect.routes.map((route) => (route.credentials ? route : { ...route, credentials: dialect.credentials }));
  return [...own, listMessagesRoute, ...eventRoutes, ...keyRoutes, ...playgroundRoutes(dialect), mediaSampleRoute];
}

/**
 * The playground's tabs (List Contacts, Send Text, Send Media, Send Audio; twilio has no List
 * Contacts) for a dialect, with
 * cURLs for `baseUrl`: what GET /playground.json answers, for callers that do not want HTTP.
 */
export function playgroundTabs(name: SandboxDialect, baseUrl: string): PlaygroundTab[] {
  return buildTabs(dialectFor(name), baseUrl);
}
