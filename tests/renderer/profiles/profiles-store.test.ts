import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../src-renderer/lib/api';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { fail, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';

const created = (name: string, baseUrl: string): Profile =>
  profileRecord({ id: 'p9', name, baseUrl, allowInsecureHttp: baseUrl.startsWith('http:') });

/** what main answers when the person said no to plain http in the app's own dialog */
const declined = {
  code: 'validation' as const,
  message:
    'This base URL uses plain http to a host that is not this computer: the API key would cross the network unencrypted. ' +
    'Use https, or confirm that you accept the risk.',
};

let crm: FakeCrm;

beforeEach(() => {
  useProfilesStore.setState(useProfilesStore.getInitialState(), true);
  crm = installFakeCrm({
    'profiles:create': ({ name, baseUrl }) => (baseUrl.startsWith('http://10.') ? fail(declined) : ok(created(name, baseUrl))),
    'profiles:update': ({ id, name, baseUrl }) => ok({ ...created(name ?? 'Staging', baseUrl ?? 'https://api.example.com'), id }),
    'keys:add': ({ name }) => ok(keyRecord({ id: 'k9', name, profileId: 'p9', fingerprint: 'wxyz', addedAt: '' })),
    'profiles:list': () => ok({ profiles: [created('Staging', 'http://10.0.0.5:8080')], activeProfileId: null }),
  });
});

describe('add profile', () => {
  it('asks the app once and never sets confirmInsecure itself (the app asks the person)', async () => {
    const r = await useProfilesStore
      .getState()
      .createWithKey({ name: 'Prod', baseUrl: 'https://api.example.com', keyName: 'ci', keyValue: 'crm_sk_abcdefgh' });
    expect(crm.callsTo('profiles:create')).toEqual([{ name: 'Prod', baseUrl: 'https://api.example.com' }]);
    expect(crm.callsTo('keys:add')).toEqual([{ profileId: 'p9', name: 'ci', value: 'crm_sk_abcdefgh' }]);
    expect(r).toMatchObject({ ok: true, keyError: null });
    expect(JSON.stringify(useProfilesStore.getState())).not.toContain('crm_sk_abcdefgh');
  });

  it('a plain-http "no" in the app creates nothing, sends no key and is not asked again by the window', async () => {
    const r = await useProfilesStore
      .getState()
      .createWithKey({ name: 'S', baseUrl: 'http://10.0.0.5:8080', keyName: 'k', keyValue: 'crm_sk_abcdefgh' });
    expect(r).toEqual({ ok: false, error: declined });
    expect(crm.callsTo('profiles:create')).toEqual([{ name: 'S', baseUrl: 'http://10.0.0.5:8080' }]);
    expect(crm.callsTo('keys:add')).toHaveLength(0);
  });
});

describe('update profile', () => {
  it('sends the patch once, as given, and reloads the profiles', async () => {
    const r = await useProfilesStore.getState().update('p9', { name: 'Staging', baseUrl: 'https://new.example' });
    expect(r.ok).toBe(true);
    expect(crm.callsTo('profiles:update')).toEqual([{ id: 'p9', name: 'Staging', baseUrl: 'https://new.example' }]);
    expect(crm.callsTo('profiles:list')).toHaveLength(1);
  });
});

describe('a new profile from a cURL', () => {
  const CURL =
    `curl -X POST 'https://graph.example.com/v19.0/123/messages' -H 'Content-Type: application/json' ` +
    `-d '{"to":"5511999990000","text":{"body":"Hi"}}'`;
  const spec = { method: 'POST', path: '/v19.0/123/messages' } as never;

  it('reads the cURL first, makes the profile at the base URL it implies, then saves the operation with it', async () => {
    useProfilesStore.setState({ profiles: [created('Sandbox', 'http://127.0.0.1:4010')], activeProfileId: 'p1' });
    crm.handle('api:import-curl', ({ profileId }) =>
      ok({
        operation: 'messages.text',
        spec,
        baseUrl: 'https://graph.example.com',
        rows: [],
        warnings: profileId === 'p9' ? ['Authorization was left out'] : [],
      }),
    );
    crm.handle('api:save', () => ok(created('graph.example.com', 'https://graph.example.com')));
    const r = await useProfilesStore
      .getState()
      .createFromCurl({ curl: CURL, operation: 'messages.text', name: 'graph.example.com', keyValue: '' });
    expect(crm.calls.map((c) => c.channel).filter((c) => c !== 'profiles:list')).toEqual([
      'api:import-curl',
      'profiles:create',
      'api:import-curl',
      'api:save',
    ]);
    expect(crm.callsTo('api:import-curl').map((p) => p.profileId)).toEqual(['p1', 'p9']);
    expect(crm.callsTo('profiles:create')).toEqual([{ name: 'graph.example.com', baseUrl: 'https://graph.example.com' }]);
    expect(crm.callsTo('api:save')).toEqual([{ profileId: 'p9', operation: 'messages.text', spec }]);
    expect(r).toMatchObject({ ok: true, warnings: ['Authorization was left out'], apiError: null, keyError: null });
  });

  it('makes nothing when the cURL cannot be read', async () => {
    useProfilesStore.setState({ profiles: [created('Sandbox', 'http://127.0.0.1:4010')], activeProfileId: 'p1' });
    crm.handle('api:import-curl', () => fail({ code: 'validation', message: 'The cURL could not be read: no URL' }));
    const r = await useProfilesStore.getState().createFromCurl({ curl: 'curl', operation: 'messages.text', name: 'x', keyValue: '' });
    expect(r).toEqual({ ok: false, error: { code: 'validation', message: 'The cURL could not be read: no URL' } });
    expect(crm.callsTo('profiles:create')).toEqual([]);
  });
});

describe('hostOfCurl', () => {
  it('names the host of the first http(s) URL, without its port', async () => {
    const { hostOfCurl } = await import('../../../src-renderer/features/profiles/curl-origin');
    expect(hostOfCurl(`curl --request POST \\\n  --url "https://api.your-crm.example:8443/api/v1/messages/text" -H 'x: y'`)).toBe(
      'api.your-crm.example',
    );
    expect(hostOfCurl("curl 'http://127.0.0.1:4010/api/v1/contacts?page=1'")).toBe('127.0.0.1');
    expect(hostOfCurl('curl -X POST')).toBeNull();
  });
});
