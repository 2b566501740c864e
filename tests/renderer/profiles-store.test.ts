import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src-renderer/lib/api';
import { useProfilesStore } from '../../src-renderer/features/profiles/profiles-store';
import { isInsecureHttp } from '../../src-renderer/features/profiles/url';
import { fail, installFakeCrm, ok, type FakeCrm } from './helpers/fake-crm';

const created = (name: string, baseUrl: string): Profile => ({
  id: 'p9',
  name,
  baseUrl,
  endpointOverrides: {}, api: null,
  activeKeyId: null,
  sandbox: false,
  allowInsecureHttp: baseUrl.startsWith('http:'),
  createdAt: '2025-01-01T00:00:00Z',
});

let crm: FakeCrm;

beforeEach(() => {
  useProfilesStore.setState(useProfilesStore.getInitialState(), true);
  crm = installFakeCrm({
    'profiles:create': ({ name, baseUrl, confirmInsecure }) =>
      isInsecureHttp(baseUrl) && !confirmInsecure ? fail({ code: 'validation', message: 'plain http needs confirmation' }) : ok(created(name, baseUrl)),
    'keys:add': ({ name }) => ok({ id: 'k9', name, profileId: 'p9', fingerprint: 'wxyz', permissions: null, addedAt: '', lastUsedAt: null, lastStatus: null, state: 'active', serverKeyId: null, revokedAt: null, sync: null }),
    'profiles:list': () => ok({ profiles: [created('Staging', 'http://10.0.0.5:8080')], activeProfileId: null }),
  });
});

describe('add profile', () => {
  it('asks before plain http to a remote host, retries with confirmInsecure, then saves the key', async () => {
    const confirm = vi.fn(async () => true);
    const r = await useProfilesStore.getState().createWithKey({ name: 'Staging', baseUrl: 'http://10.0.0.5:8080', keyName: 'ci', keyValue: 'crm_sk_abcdefgh' }, confirm);
    expect(confirm).toHaveBeenCalledWith('http://10.0.0.5:8080');
    expect(crm.callsTo('profiles:create')).toEqual([
      { name: 'Staging', baseUrl: 'http://10.0.0.5:8080' },
      { name: 'Staging', baseUrl: 'http://10.0.0.5:8080', confirmInsecure: true },
    ]);
    expect(crm.callsTo('keys:add')).toEqual([{ profileId: 'p9', name: 'ci', value: 'crm_sk_abcdefgh' }]);
    expect(r).toMatchObject({ ok: true, keyError: null });
    expect(JSON.stringify(useProfilesStore.getState())).not.toContain('crm_sk_abcdefgh');
  });

  it('declining creates nothing and sends no key', async () => {
    const r = await useProfilesStore.getState().createWithKey({ name: 'S', baseUrl: 'http://example.com', keyName: 'k', keyValue: 'crm_sk_abcdefgh' }, async () => false);
    expect(r).toEqual({ ok: false, error: null });
    expect(crm.callsTo('profiles:create')).toHaveLength(1);
    expect(crm.callsTo('keys:add')).toHaveLength(0);
  });

  it('does not ask for https or loopback http', async () => {
    const confirm = vi.fn(async () => true);
    await useProfilesStore.getState().createWithKey({ name: 'Local', baseUrl: 'http://127.0.0.1:4010', keyName: 'k', keyValue: '' }, confirm);
    await useProfilesStore.getState().createWithKey({ name: 'Prod', baseUrl: 'https://api.example.com', keyName: 'k', keyValue: '' }, confirm);
    expect(confirm).not.toHaveBeenCalled();
    expect(crm.callsTo('keys:add')).toHaveLength(0);
  });
});

describe('isInsecureHttp', () => {
  it('is true only for http to another machine', () => {
    expect(isInsecureHttp('http://10.0.0.5')).toBe(true);
    expect(isInsecureHttp('http://api.example.com/v1')).toBe(true);
    expect(isInsecureHttp('http://localhost:4010')).toBe(false);
    expect(isInsecureHttp('http://127.0.0.1')).toBe(false);
    expect(isInsecureHttp('http://[::1]:80')).toBe(false);
    expect(isInsecureHttp('https://api.example.com')).toBe(false);
    expect(isInsecureHttp('not a url')).toBe(false);
  });
});
