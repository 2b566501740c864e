// Route table matching: literal segments and `:name` parameters. A known path with another
// method is answered 404 (docs/API.md has no 405) with an Allow header naming the methods it has.
// A PublicRoute (the playground) needs no key: no auth, permission or rate limit applies.
// A parameter may be followed by a literal suffix in its segment (`:AccountSid.json`). A path
// that a route names literally is matched against those routes only.
import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialPlacement } from './auth';
import type { BodyEncoding } from './body';
import type { KeyRecord } from './keys';
import type { Reply } from './reply';
import type { SandboxState } from './state';
import type { Permission } from './types';

/** Body limit of routes that take no body or a small one (what is sent anyway is read for the journal). */
export const SMALL_BODY_LIMIT = 64 * 1024;

export interface RouteInput {
  params: Record<string, string>;
  query: URLSearchParams;
  /** the parsed body object (JSON or form fields), for routes with `json: true` */
  body: Record<string, unknown>;
  key: KeyRecord;
  /** the body as received and its Content-Type, for routes with `json: false` (a multipart upload) */
  raw?: { bytes: Buffer; contentType: string | undefined };
  /** the request's headers (the event stream reads Last-Event-ID) */
  headers?: IncomingHttpHeaders;
  /** the base URL the request came to, for routes with `json: false` (a media lookup answers an address under it) */
  origin?: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** e.g. /api/v1/api-keys/:id */
  path: string;
  permission: Permission;
  /** grants access without `permission` (a key deleting itself) */
  alsoAllows?: (key: KeyRecord, params: Record<string, string>) => boolean;
  /** largest body accepted, in bytes */
  maxBody: number;
  /** the body must be an object: JSON, or form fields with `encoding: 'form'` */
  json: boolean;
  /** how that object is encoded; default 'json' */
  encoding?: BodyEncoding;
  /** where the key is read from; default Authorization: Bearer */
  credentials?: CredentialPlacement;
  /**
   * A path parameter that names nothing (an unknown instance): its 404 message. Checked before
   * auth, like an unknown path.
   */
  unknown?: (params: Record<string, string>) => string | null;
  /** honours Idempotency-Key */
  idempotent: boolean;
  /**
   * The request's path and query carry what it sends (Wati's number and text), so an
   * Idempotency-Key replay compares them as well as the body.
   */
  payloadInUrl?: boolean;
  handle(input: RouteInput, state: SandboxState): Reply;
}

export interface PublicInput {
  query: URLSearchParams;
  /** the base URL the request came to (scheme, host, port), e.g. http://127.0.0.1:4010 */
  origin: string;
  /** the path's :name parts */
  params: Record<string, string>;
}

export interface PublicRoute {
  method: 'GET';
  path: string;
  public: true;
  handle(input: PublicInput, state: SandboxState): Reply;
}

export type AnyRoute = Route | PublicRoute;

export function isPublicRoute(route: AnyRoute): route is PublicRoute {
  return 'public' in route && route.public;
}

export type RouteMatch<R extends AnyRoute = Route> =
  { kind: 'found'; route: R; params: Record<string, string> } | { kind: 'wrong_method'; allowed: string[] } | { kind: 'not_found' };

/** `:AccountSid.json` -> the name AccountSid and the literal suffix `.json`. */
function paramSegment(segment: string): { name: string; suffix: string } {
  const match = /^:([A-Za-z_][A-Za-z0-9_]*)(.*)$/.exec(segment);
  return match ? { name: match[1]!, suffix: match[2]! } : { name: segment.slice(1), suffix: '' };
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      const { name, suffix } = paramSegment(w);
      if (g.length <= suffix.length || !g.endsWith(suffix)) return null;
      try {
        params[name] = decodeURIComponent(g.slice(0, g.length - suffix.length));
      } catch {
        return null;
      }
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export function matchRoute<R extends AnyRoute>(routes: readonly R[], method: string, path: string): RouteMatch<R> {
  // A path some route names literally is that route's, whatever the method: GET on a send path
  // is a wrong method there, not a message id for GET /api/v1/messages/:id.
  const literal = routes.filter((route) => route.path === path);
  const candidates = literal.length > 0 ? literal : routes;
  const allowed: string[] = [];
  for (const route of candidates) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'wrong_method', allowed } : { kind: 'not_found' };
}
