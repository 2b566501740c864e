// The two shapes most routes of every dialect take, so that each route states only what is its
// own: a listing (GET; its query parameters are read first and every problem in them answers
// one 400) and a send (POST, idempotent; a body the check refuses answers 400 with every
// problem, before anything is stored).
import type { FieldError } from './errors';
import { badRequest } from './reply';
import type { Reply } from './reply';
import type { Route } from './router';
import { SMALL_BODY_LIMIT } from './router';
import type { SandboxState } from './state';
import type { Permission } from './types';
import type { Body } from './validate';

export function listingRoute<P>(
  path: string,
  permission: Permission,
  readQuery: (query: URLSearchParams, errors: FieldError[]) => P,
  answer: (params: P, state: SandboxState) => Reply,
): Route {
  return {
    method: 'GET',
    path,
    permission,
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    handle({ query }, state) {
      const errors: FieldError[] = [];
      const params = readQuery(query, errors);
      if (errors.length > 0) return badRequest(errors);
      return answer(params, state);
    },
  };
}

/** What a body check returns: what it accepted, or every problem it found. */
export type BodyCheck<A> = ({ ok: true } & A) | { ok: false; details: FieldError[] };

export function sendRoute<A>(
  path: string,
  maxBody: number,
  check: (body: Body) => BodyCheck<A>,
  answer: (accepted: A, body: Body, state: SandboxState, params: Record<string, string>) => Reply,
): Route {
  return {
    method: 'POST',
    path,
    permission: 'messages:send',
    maxBody,
    json: true,
    idempotent: true,
    handle({ body, params }, state) {
      const checked = check(body);
      if (!checked.ok) return badRequest(checked.details);
      return answer(checked, body, state, params);
    },
  };
}
