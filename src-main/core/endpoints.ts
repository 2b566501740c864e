// The endpoint catalogue: every route the console calls, with its method, default path,
// permission and label. docs/API.md marks most of these paths [ours]; a real service's own paths and
// bodies come from its profile's API description (learned from its cURLs or spec), and a
// profile's endpointOverrides replace paths, never a code change.
import type { EndpointId, EndpointOverrides, FieldDetail, Permission } from './model';
import type { HttpMethod } from './http/prepared-request';
import { memoByText } from './memo';

export interface EndpointSpec {
  id: EndpointId;
  method: HttpMethod;
  /** default path under the profile's base URL; `{id}` is the placeholder of keys.delete */
  path: string;
  permission: Permission;
  /** true for POSTs that create a message: they carry an Idempotency-Key */
  createsMessage: boolean;
  /** what a person calls it ("Send Text"), used in messages such as a 403's */
  label: string;
  /** placeholders the path must contain, e.g. ['id'] */
  params: readonly string[];
}

export const ENDPOINTS: Readonly<Record<EndpointId, EndpointSpec>> = {
  'contacts.list': {
    id: 'contacts.list',
    method: 'GET',
    path: '/api/v1/contacts',
    permission: 'contacts:read',
    createsMessage: false,
    label: 'List contacts',
    params: [],
  },
  'messages.text': {
    id: 'messages.text',
    method: 'POST',
    path: '/api/v1/messages/text',
    permission: 'messages:send',
    createsMessage: true,
    label: 'Send Text',
    params: [],
  },
  'messages.media': {
    id: 'messages.media',
    method: 'POST',
    path: '/api/v1/messages/media',
    permission: 'messages:send',
    createsMessage: true,
    label: 'Send Media',
    params: [],
  },
  'messages.audio': {
    id: 'messages.audio',
    method: 'POST',
    path: '/api/v1/messages/audio',
    permission: 'messages:send',
    createsMessage: true,
    label: 'Send Audio',
    params: [],
  },
  'messages.template': {
    id: 'messages.template',
    method: 'POST',
    path: '/api/v1/messages/template',
    permission: 'messages:send',
    createsMessage: true,
    label: 'Send Template',
    params: [],
  },
  'messages.list': {
    id: 'messages.list',
    method: 'GET',
    path: '/api/v1/messages',
    permission: 'messages:send',
    createsMessage: false,
    label: 'List messages',
    params: [],
  },
  // one sent message's state, polled while no event stream tells it; the path is the API
  // description's events.statusPath (defaults.ts)
  'messages.status': {
    id: 'messages.status',
    method: 'GET',
    path: '/api/v1/messages/{id}',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Message status',
    params: ['id'],
  },
  // [ours] docs/API.md lists no templates; a service that cannot list them has them typed instead
  'templates.list': {
    id: 'templates.list',
    method: 'GET',
    path: '/api/v1/templates',
    permission: 'messages:send',
    createsMessage: false,
    label: 'List templates',
    params: [],
  },
  // no docs/API.md route: offered only where a profile describes it (defaults.ts DESCRIBED_ONLY)
  'media.upload': {
    id: 'media.upload',
    method: 'POST',
    path: '/api/v1/media',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Upload media',
    params: [],
  },
  // a request that only proves the key works (Meta's GET /{phone-number-id}); described only
  'keys.check': {
    id: 'keys.check',
    method: 'GET',
    path: '/api/v1/contacts',
    permission: 'contacts:read',
    createsMessage: false,
    label: 'Check key',
    params: [],
  },
  'keys.list': {
    id: 'keys.list',
    method: 'GET',
    path: '/api/v1/api-keys',
    permission: 'keys:manage',
    createsMessage: false,
    label: 'List API keys',
    params: [],
  },
  'keys.create': {
    id: 'keys.create',
    method: 'POST',
    path: '/api/v1/api-keys',
    permission: 'keys:manage',
    createsMessage: false,
    label: 'Create API key',
    params: [],
  },
  'keys.delete': {
    id: 'keys.delete',
    method: 'DELETE',
    path: '/api/v1/api-keys/{id}',
    permission: 'keys:manage',
    createsMessage: false,
    label: 'Delete API key',
    params: ['id'],
  },
  // [ours] a reaction to a message (docs/API.md, Reactions); an empty emoji takes it back
  'messages.reaction': {
    id: 'messages.reaction',
    method: 'POST',
    path: '/api/v1/messages/reaction',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Send Reaction',
    params: [],
  },
  // a received file's address by its media id (Meta's GET /{media-id}); described only
  'media.download': {
    id: 'media.download',
    method: 'GET',
    path: '/api/v1/media/{media_id}',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Download media',
    params: [],
  },
  // tells the service the contact's messages were read (Meta's "status":"read"); described only
  'messages.read': {
    id: 'messages.read',
    method: 'POST',
    path: '/api/v1/messages/read',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Mark as Read',
    params: [],
  },
  // template management: docs/API.md has none; described only (learned from the service's cURL), or inferred from a
  // listing at Meta's message_templates (templates/management-requests.ts); these defaults are never called
  'templates.create': {
    id: 'templates.create',
    method: 'POST',
    path: '/api/v1/templates',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Create template',
    params: [],
  },
  'templates.update': {
    id: 'templates.update',
    method: 'POST',
    path: '/api/v1/templates/{template_id}',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Edit template',
    params: [],
  },
  'templates.delete': {
    id: 'templates.delete',
    method: 'DELETE',
    path: '/api/v1/templates',
    permission: 'messages:send',
    createsMessage: false,
    label: 'Delete template',
    params: [],
  },
};

export { ENDPOINT_IDS } from '../shared/operation-ids';

export function isEndpointId(value: string): value is EndpointId {
  return Object.prototype.hasOwnProperty.call(ENDPOINTS, value);
}

const MAX_PATH_LENGTH = 500;

/**
 * Checks one override path. Returns a person-readable problem, or null when it is fine.
 * Rules: starts with `/`, no scheme or host (`//`, `http:`), no `..` segment, no query or
 * fragment, no white space or control characters, and every placeholder the endpoint needs.
 */
export function checkEndpointPath(id: EndpointId, path: string): string | null {
  return checkedPaths(`${id} ${path}`);
}

// every request checks its path again: remember the verdicts
const checkedPaths = memoByText((key: string): string | null => {
  const space = key.indexOf(' ');
  return checkPath(key.slice(0, space) as EndpointId, key.slice(space + 1));
});

function checkPath(id: EndpointId, path: string): string | null {
  if (path.length === 0) return 'must not be empty';
  if (path.length > MAX_PATH_LENGTH) return `must be at most ${MAX_PATH_LENGTH} characters`;
  if (!path.startsWith('/')) return 'must start with "/"';
  if (path.startsWith('//')) return 'must be a path, not a host ("//...")';
  if (/^\/*[a-z][a-z0-9+.-]*:/i.test(path)) return 'must be a path, not a URL with a scheme';
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(path)) return 'must not contain spaces or control characters';
  if (/[?#]/.test(path)) return 'must not contain a query ("?") or fragment ("#")';
  if (path.includes('\\')) return 'must not contain backslashes';
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.' || /^(%2e|\.){1,2}$/i.test(s))) return 'must not contain "." or ".." segments';
  const spec = ENDPOINTS[id];
  for (const param of spec.params) {
    if (!path.includes(`{${param}}`)) return `must contain the placeholder {${param}}`;
  }
  const placeholders = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const unknown = placeholders.find((p) => p === undefined || !spec.params.includes(p));
  if (unknown !== undefined) return `has an unknown placeholder {${unknown}}`;
  if (/[{}]/.test(path.replace(/\{[a-z]+\}/g, ''))) return 'has an unbalanced "{" or "}"';
  return null;
}

/** Validates a whole overrides object (e.g. before saving a profile). Empty means valid. */
export function validateEndpointOverrides(overrides: Record<string, unknown>): FieldDetail[] {
  const problems: FieldDetail[] = [];
  for (const [key, value] of Object.entries(overrides)) {
    if (!isEndpointId(key)) {
      problems.push({ field: `endpointOverrides.${key}`, message: 'is not a known endpoint' });
      continue;
    }
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      problems.push({ field: `endpointOverrides.${key}`, message: 'must be a string' });
      continue;
    }
    const problem = checkEndpointPath(key, value);
    if (problem !== null) problems.push({ field: `endpointOverrides.${key}`, message: `${value.slice(0, 80)} ${problem}` });
  }
  return problems;
}

/**
 * The path of an endpoint for a profile: the override when present and valid, else the
 * default. `params` fill the placeholders, each percent-encoded as one path segment.
 * An invalid override is reported and the default path is used instead.
 */
export function resolveEndpointPath(
  id: EndpointId,
  overrides: EndpointOverrides,
  params: Record<string, string> = {},
): { path: string; problem: FieldDetail | null } {
  const override = overrides[id];
  let template = ENDPOINTS[id].path;
  let problem: FieldDetail | null = null;
  if (override !== undefined) {
    const reason = checkEndpointPath(id, override);
    if (reason === null) template = override;
    else problem = { field: `endpointOverrides.${id}`, message: `The path override ${reason}; using ${template}` };
  }
  const path = template.replace(/\{([a-z]+)\}/g, (_, name: string) => pathSegment(params[name] ?? ''));
  return { path, problem };
}

/**
 * One value as exactly one path segment: percent-encoded, and `.` / `..` (which every URL
 * parser, curl and most servers resolve as "this" / "the parent" segment) written as %2E, so
 * a key id of ".." can never move a request up the path.
 */
export function pathSegment(value: string): string {
  const encoded = encodeURIComponent(wellFormed(value));
  return encoded === '.' ? '%2E' : encoded === '..' ? '%2E%2E' : encoded;
}

/** Replaces lone UTF-16 surrogates with U+FFFD, so encodeURIComponent never throws. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
