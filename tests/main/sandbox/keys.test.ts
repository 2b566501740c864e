import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { call, detailFields, errorOf } from './helpers';
import { sandboxAround } from './sandbox-around';

interface KeyView {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  created_at: string;
  last_used_at: string | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('API keys', () => {
  let sb: RunningSandbox;
  const list = async (key = sb.adminKey): Promise<KeyView[]> =>
    ((await call(sb, 'GET', '/api/v1/api-keys', { key })).body as { data: KeyView[] }).data;

  sandboxAround({}, (started) => (sb = started));

  it('lists the admin key without its value', async () => {
    const res = await call(sb, 'GET', '/api/v1/api-keys', { key: sb.adminKey });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(sb.adminKey);
    const admin = (res.body as { data: KeyView[] }).data.find((k) => k.name === 'sandbox admin')!;
    expect(Object.keys(admin).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'permissions', 'prefix']);
    expect(admin.id).toMatch(/^k_[0-9a-f]{16}$/);
    expect(admin.prefix).toBe(sb.adminKey.slice(0, 11));
    expect(admin.permissions).toEqual(['contacts:read', 'messages:send', 'keys:manage']);
    expect(admin.last_used_at).toMatch(ISO);
  });

  it('creates a key: 201, the value once, default permissions read + send', async () => {
    const res = await call(sb, 'POST', '/api/v1/api-keys', { key: sb.adminKey, body: { name: '  My app  ' } });
    expect(res.status).toBe(201);
    const created = res.body as KeyView & { key: string };
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'key', 'name', 'permissions', 'prefix']);
    expect(created.key).toMatch(/^crm_sk_[0-9A-Za-z]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 11));
    expect(created.name).toBe('My app');
    expect(created.permissions).toEqual(['contacts:read', 'messages:send']);
    expect(created.created_at).toMatch(ISO);

    const listed = (await list()).find((k) => k.id === created.id)!;
    expect(listed).toEqual({
      id: created.id,
      name: 'My app',
      prefix: created.prefix,
      permissions: created.permissions,
      created_at: created.created_at,
      last_used_at: null,
    });
    expect(JSON.stringify(await list())).not.toContain(created.key);

    expect((await call(sb, 'GET', '/api/v1/contacts', { key: created.key })).status).toBe(200);
    expect((await list()).find((k) => k.id === created.id)!.last_used_at).toMatch(ISO);
  });

  it('creates keys with chosen permissions, deduplicated, and with none', async () => {
    const res = await call(sb, 'POST', '/api/v1/api-keys', {
      key: sb.adminKey,
      body: { name: 'mgr', permissions: ['keys:manage', 'keys:manage'] },
    });
    expect(res.status).toBe(201);
    expect((res.body as KeyView).permissions).toEqual(['keys:manage']);
    const none = await call(sb, 'POST', '/api/v1/api-keys', { key: sb.adminKey, body: { name: 'nothing', permissions: [] } });
    expect((none.body as KeyView).permissions).toEqual([]);
  });

  it('issues distinct random keys', () => {
    const values = new Set(Array.from({ length: 50 }, (_, i) => sb.createKey(`k${i}`, []).key));
    expect(values.size).toBe(50);
  });

  it.each([
    ['no name', {}, ['name']],
    ['an empty name', { name: '' }, ['name']],
    ['a blank name', { name: '   ' }, ['name']],
    ['a 101-character name', { name: 'n'.repeat(101) }, ['name']],
    ['a numeric name', { name: 7 }, ['name']],
    ['permissions not an array', { name: 'x', permissions: 'keys:manage' }, ['permissions']],
    ['an unknown permission', { name: 'x', permissions: ['contacts:read', 'contacts:write'] }, ['permissions[1]']],
  ])('answers 400 to %s', async (_name, body, fields) => {
    const res = await call(sb, 'POST', '/api/v1/api-keys', { key: sb.adminKey, body });
    expect(res.status).toBe(400);
    expect(detailFields(res)).toEqual(fields);
  });

  it('accepts a 100-character name', async () => {
    expect((await call(sb, 'POST', '/api/v1/api-keys', { key: sb.adminKey, body: { name: 'n'.repeat(100) } })).status).toBe(201);
  });

  it('needs keys:manage to list, create or delete another key', async () => {
    const { key } = sb.createKey('plain', ['contacts:read', 'messages:send']);
    const other = sb.createKey('other', []);
    for (const [method, path, body] of [
      ['GET', '/api/v1/api-keys', undefined],
      ['POST', '/api/v1/api-keys', { name: 'x' }],
      ['DELETE', `/api/v1/api-keys/${other.id}`, undefined],
      ['DELETE', '/api/v1/api-keys/k_unknown', undefined],
    ] as const) {
      const res = await call(sb, method, path, { key, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: other.key })).status).toBe(403);
  });

  it('revokes instantly: the very next request with the deleted key is 401, a second delete is 404', async () => {
    const victim = sb.createKey('victim', ['contacts:read']);
    expect((await call(sb, 'GET', '/api/v1/contacts', { key: victim.key })).status).toBe(200);
    const del = await call(sb, 'DELETE', `/api/v1/api-keys/${victim.id}`, { key: sb.adminKey });
    expect(del.status).toBe(200);
    expect(Object.keys(del.body as object).sort()).toEqual(['id', 'revoked_at']);
    expect((del.body as { id: string }).id).toBe(victim.id);
    expect((del.body as { revoked_at: string }).revoked_at).toMatch(ISO);
    const after = await call(sb, 'GET', '/api/v1/contacts', { key: victim.key });
    expect(after.status).toBe(401);
    expect(errorOf(after).code).toBe('unauthorized');
    expect((await list()).map((k) => k.id)).not.toContain(victim.id);
    const again = await call(sb, 'DELETE', `/api/v1/api-keys/${victim.id}`, { key: sb.adminKey });
    expect(again.status).toBe(404);
    expect(errorOf(again).code).toBe('not_found');
    expect((await call(sb, 'DELETE', '/api/v1/api-keys/k_doesnotexist', { key: sb.adminKey })).status).toBe(404);
  });

  it('lets a key without keys:manage delete itself, and then it is 401', async () => {
    const self = sb.createKey('leaked', []);
    const res = await call(sb, 'DELETE', `/api/v1/api-keys/${self.id}`, { key: self.key });
    expect(res.status).toBe(200);
    expect((res.body as { id: string }).id).toBe(self.id);
    expect((await call(sb, 'DELETE', `/api/v1/api-keys/${self.id}`, { key: self.key })).status).toBe(401);
  });

  it('revokes a key that has requests in flight on a kept-alive connection', async () => {
    const k = sb.createKey('busy', ['contacts:read']);
    const before = await Promise.all(Array.from({ length: 5 }, () => call(sb, 'GET', '/api/v1/contacts?per_page=1', { key: k.key })));
    expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await call(sb, 'DELETE', `/api/v1/api-keys/${k.id}`, { key: sb.adminKey });
    const after = await Promise.all(Array.from({ length: 5 }, () => call(sb, 'GET', '/api/v1/contacts?per_page=1', { key: k.key })));
    expect(after.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it('createKey() validates like the API', () => {
    expect(() => sb.createKey('', [])).toThrow(/name/);
    expect(() => sb.createKey('x', ['root' as never])).toThrow(/permissions\[0\]/);
  });
});
