import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyMeta, Result } from '../../../src-renderer/lib/api';
import type { CredentialPlacement, DescribedApi } from '../../../src-main/shared/api-description';
import { AddKeyForm } from '../../../src-renderer/features/keys/add-key-form';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { deferred, installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { byText, click, render, settle, typeInto, type Rendered } from '../helpers/render';

const SECRET = 'crm_sk_live_SECRETVALUE_9z9z';

const profile = profileRecord({ sandbox: true });
const meta = keyRecord();

let crm: FakeCrm;
let view: Rendered;

beforeEach(() => {
  useKeysStore.setState(useKeysStore.getInitialState(), true);
  useProfilesStore.setState({ ...useProfilesStore.getInitialState(), profiles: [profile], activeProfileId: 'p1', status: 'ready' }, true);
  useKeysStore.setState({ profileId: 'p1', status: 'ready' });
});
afterEach(() => view?.unmount());

describe('add key', () => {
  it('sends the value once with keys:add, clears the field at once and keeps it out of state and DOM', async () => {
    const answer = deferred<Result<KeyMeta>>();
    crm = installFakeCrm({ 'keys:add': () => answer.promise, 'keys:list': () => ok([meta]) });
    view = render(<AddKeyForm />);
    const name = view.container.querySelector<HTMLInputElement>('[data-testid="add-key-name"]');
    const value = view.container.querySelector<HTMLInputElement>('[data-testid="add-key-value"]');
    expect(value?.type).toBe('password');
    typeInto(name, 'CI key');
    typeInto(value, SECRET);

    click(byText(view.container, 'button', 'Add key'));
    // cleared before main has even answered
    expect(value?.value).toBe('');
    expect(crm.callsTo('keys:add')).toEqual([{ profileId: 'p1', name: 'CI key', value: SECRET }]);
    expect(JSON.stringify(useKeysStore.getState())).not.toContain(SECRET);

    answer.resolve(ok(meta));
    await settle();
    expect(view.container.querySelector('[data-testid="add-key-status"]')?.textContent).toBe('Key “CI key” saved to the keychain.');
    expect(JSON.stringify(useKeysStore.getState())).not.toContain(SECRET);
    expect(JSON.stringify(useProfilesStore.getState())).not.toContain(SECRET);
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
    expect(useKeysStore.getState().keys.map((k) => k.fingerprint)).toEqual(['9z9z']);
  });

  it('clears the field even when the key is refused', async () => {
    crm = installFakeCrm({
      'keys:add': () => ({ ok: false, error: { code: 'validation', message: 'A key is 8 to 512 printable characters.' } }),
    });
    view = render(<AddKeyForm />);
    const value = view.container.querySelector<HTMLInputElement>('[data-testid="add-key-value"]');
    typeInto(view.container.querySelector('[data-testid="add-key-name"]'), 'bad');
    typeInto(value, 'short key');
    click(byText(view.container, 'button', 'Add key'));
    await settle();
    expect(value?.value).toBe('');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('A key is 8 to 512 printable characters.');
    expect(document.documentElement.outerHTML).not.toContain('short key');
  });

  it('does not call keys:add without a value', async () => {
    crm = installFakeCrm({});
    view = render(<AddKeyForm />);
    typeInto(view.container.querySelector('[data-testid="add-key-name"]'), 'empty');
    click(byText(view.container, 'button', 'Add key'));
    await settle();
    expect(crm.callsTo('keys:add')).toHaveLength(0);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('Paste the key value.');
  });

  it("says what to enter for the profile's placement: USER:SECRET for HTTP Basic, the bare token for a header or query", async () => {
    const spec = (credential: CredentialPlacement) => ({
      method: 'POST' as const,
      path: '/send',
      query: [],
      headers: [],
      body: null,
      credential,
    });
    const described = (credential: CredentialPlacement) => (): Result<DescribedApi> =>
      ok({
        profileId: 'p1',
        baseUrl: 'https://api.example.com',
        operations: [{ operation: 'messages.text', label: 'Send text', custom: true, absent: false, spec: spec(credential) }],
      });
    /** a new form's hint once main answered as these handlers do */
    const hintWith = async (handlers: Parameters<typeof installFakeCrm>[0]): Promise<string> => {
      crm = installFakeCrm(handlers);
      view = render(<AddKeyForm />);
      await settle();
      return view.container.querySelector('[data-testid="add-key-hint"]')?.textContent ?? '';
    };
    const basic = await hintWith({ 'api:describe': described({ in: 'basic', username: 'AC0123' }) });
    expect(basic).toContain('Account SID:Auth Token, or API key SID:secret');
    expect(basic).toContain('password of AC0123');
    view.unmount();
    const query = await hintWith({ 'api:describe': described({ in: 'query', name: 'token' }) });
    expect(query).toContain('the bare token');
    expect(query).toContain('query parameter token=<key>');
    view.unmount();
    expect(await hintWith({})).toBe('Saved to the system keychain; never shown again.');
  });
});
