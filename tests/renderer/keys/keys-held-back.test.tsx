// A key saved for another address than its profile's: the Keys screen says where it was saved
// for and where the profile points now, and "Save the profile again…" asks the app (which asks
// the person) to move it, with the profile's own values.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyMeta } from '../../../src-renderer/lib/api';
import { HeldBackNotice } from '../../../src-renderer/features/keys/held-back';
import { KeyTable } from '../../../src-renderer/features/keys/key-table';
import { useKeysStore } from '../../../src-renderer/features/keys/keys-store';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { keyRecord, profileRecord } from '../helpers/records';
import { click, render, settle, type Rendered } from '../helpers/render';

const profile = profileRecord({ name: 'Staging', baseUrl: 'https://new.example/api', activeKeyId: 'k1' });

const key = (patch: Partial<KeyMeta> = {}): KeyMeta =>
  keyRecord({ permissions: ['contacts:read'], origin: 'https://old.example', heldBack: true, ...patch });

let crm: FakeCrm;
let view: Rendered;

function renderKeys(): void {
  view = render(
    <>
      <HeldBackNotice profile={profile} />
      <KeyTable keys={useKeysStore.getState().keys} />
    </>,
  );
}

const q = (testId: string) => view.container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const text = (testId: string) => q(testId)?.textContent?.replace(/\s+/g, ' ').trim();

beforeEach(() => {
  useProfilesStore.setState({ ...useProfilesStore.getInitialState(), profiles: [profile], activeProfileId: 'p1', status: 'ready' }, true);
  useKeysStore.setState(useKeysStore.getInitialState(), true);
  useKeysStore.setState({ profileId: 'p1', status: 'ready', keys: [key()] });
});
afterEach(() => view?.unmount());

describe('a held-back key', () => {
  it('shows where it was saved for and where the profile points now, with the way to move it', () => {
    crm = installFakeCrm();
    renderKeys();
    expect(text('key-held-back-k1')).toBe('held back: saved for https://old.example; this profile now points at https://new.example');
    expect(text('held-back-notice')).toContain('The key “CI key” is held back');
    expect(text('held-back-notice')).toContain('Save the profile again to move the key there');
    // an ordinary key reads as before
    view.unmount();
    useKeysStore.setState({ keys: [key({ heldBack: false, origin: 'https://new.example' })] });
    renderKeys();
    expect(q('key-held-back-k1')).toBeNull();
    expect(q('held-back-notice')).toBeNull();
  });

  it('"Save the profile again…" saves the same base URL (the app asks) and says when the person declined', async () => {
    crm = installFakeCrm({
      'profiles:update': () => ok(profile),
      'profiles:list': () => ok({ profiles: [profile], activeProfileId: 'p1' }),
      'keys:list': () => ok([key()]),
    });
    renderKeys();
    click(q('approve-held-back'));
    await settle();
    expect(crm.callsTo('profiles:update')).toEqual([{ id: 'p1', baseUrl: 'https://new.example/api' }]);
    expect(crm.callsTo('keys:list')).toEqual([{ profileId: 'p1' }]);
    expect(text('held-back-status')).toBe('Not approved: the key stays held back.');
  });

  it('says the key is sent to the new address once the person approved, and drops its test result from the old address', async () => {
    useKeysStore.setState({
      tests: { k1: { status: 'error', error: { code: 'key_held_back', message: 'The key "CI key" was saved for https://old.example …' } } },
    });
    crm = installFakeCrm({
      'profiles:update': () => ok(profile),
      'profiles:list': () => ok({ profiles: [profile], activeProfileId: 'p1' }),
      'keys:list': () => ok([key({ heldBack: false, origin: 'https://new.example' })]),
    });
    renderKeys();
    click(q('approve-held-back'));
    await settle();
    expect(useKeysStore.getState().approve).toEqual({ status: 'moved' });
    expect(useKeysStore.getState().tests).toEqual({});
    expect(q('held-back-notice')).toBeNull();
    expect(text('held-back-status')).toBe('Approved: the app now sends the keys to https://new.example.');
  });
});
