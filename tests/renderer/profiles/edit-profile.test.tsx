// Saving a profile from its General tab: the base URL always goes along, even unchanged, because
// saving again is how the person approves keys held back at an old address (the app asks then).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditProfileForm } from '../../../src-renderer/features/profiles/edit-profile-form';
import { useProfilesStore } from '../../../src-renderer/features/profiles/profiles-store';
import { installFakeCrm, ok, type FakeCrm } from '../helpers/fake-crm';
import { profileRecord } from '../helpers/records';
import { byText, click, render, settle, type Rendered } from '../helpers/render';

const profile = profileRecord({ name: 'Staging', baseUrl: 'https://new.example' });

let crm: FakeCrm;
let view: Rendered;
let done = 0;

beforeEach(() => {
  done = 0;
  useProfilesStore.setState({ ...useProfilesStore.getInitialState(), profiles: [profile], activeProfileId: 'p1', status: 'ready' }, true);
  crm = installFakeCrm({ 'profiles:update': () => ok(profile), 'profiles:list': () => ok({ profiles: [profile], activeProfileId: 'p1' }) });
});
afterEach(() => view?.unmount());

describe('edit profile', () => {
  it('saves the unchanged base URL too, once, and asks nothing itself', async () => {
    view = render(<EditProfileForm profile={profile} onDone={() => (done += 1)} />);
    click(byText(view.container, 'button', 'Save profile'));
    await settle();
    expect(crm.callsTo('profiles:update')).toEqual([{ id: 'p1', name: 'Staging', baseUrl: 'https://new.example', endpointOverrides: {} }]);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(done).toBe(1);
  });
});
