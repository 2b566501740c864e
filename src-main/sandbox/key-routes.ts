// GET/POST /api/v1/api-keys and DELETE /api/v1/api-keys/{id}.
// POST without `permissions` grants ['contacts:read', 'messages:send']: a new key can read and
// send but not manage keys unless asked for. Any key may delete itself.
import type { FieldError } from './errors';
import { view } from './keys';
import { badRequest, fail, field, json } from './reply';
import type { Route } from './router';
import { SMALL_BODY_LIMIT } from './router';
import type { Permission } from './types';
import { PERMISSIONS } from './types';
import type { Body } from './validate';
import { stringField } from './validate';

export const DEFAULT_KEY_PERMISSIONS: readonly Permission[] = ['contacts:read', 'messages:send'];

export type NewKeyInput = { ok: true; name: string; permissions: Permission[] } | { ok: false; details: FieldError[] };

export function checkNewKey(body: Body): NewKeyInput {
  const errors: FieldError[] = [];
  const rawName = stringField(body, 'name', errors, { min: 1, max: 100 });
  const name = rawName?.trim();
  if (rawName !== undefined && name === '') errors.push(field('name', 'must not be blank'));
  let permissions: Permission[] = [...DEFAULT_KEY_PERMISSIONS];
  const raw = body.permissions;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw)) {
      errors.push(field('permissions', `must be an array of ${PERMISSIONS.join(', ')}`));
    } else {
      raw.forEach((p: unknown, i) => {
        if (!PERMISSIONS.includes(p as Permission)) errors.push(field(`permissions[${i}]`, `must be one of ${PERMISSIONS.join(', ')}`));
      });
      permissions = PERMISSIONS.filter((p) => raw.includes(p));
    }
  }
  return errors.length > 0 || name === undefined ? { ok: false, details: errors } : { ok: true, name, permissions };
}

export const keyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/api-keys',
    permission: 'keys:manage',
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    handle(_input, state) {
      return json(200, { data: state.keys.list() });
    },
  },
  {
    method: 'POST',
    path: '/api/v1/api-keys',
    permission: 'keys:manage',
    maxBody: SMALL_BODY_LIMIT,
    json: true,
    idempotent: false,
    handle({ body }, state) {
      const input = checkNewKey(body);
      if (!input.ok) return badRequest(input.details);
      const { record, key } = state.keys.create(input.name, input.permissions);
      const { id, name, prefix, permissions, created_at } = view(record);
      return json(201, { id, name, key, prefix, permissions, created_at });
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/api-keys/:id',
    permission: 'keys:manage',
    alsoAllows: (key, params) => key.id === params.id,
    maxBody: SMALL_BODY_LIMIT,
    json: false,
    idempotent: false,
    handle({ params }, state) {
      const id = params.id!;
      if (!state.keys.delete(id)) return fail(404, 'not_found', 'no active API key with this id (unknown or already deleted)');
      state.limiter.forget(id);
      return json(200, { id, revoked_at: new Date().toISOString() });
    },
  },
];
