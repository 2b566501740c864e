// Profiles in the window: one added through the Profiles screen's form with its first key, as a
// person adds it, or one without a key that main adds behind the window's back.
import { expect, type Locator, type Page } from '@playwright/test';
import type { ConsoleHarness } from './app-harness';
import { openSection } from './fixtures';

export interface ProfileThroughForm {
  name: string;
  baseUrl: string;
  keyName: string;
  keyValue: string;
}

/** Adds a profile with one key through the Profiles screen's form, once it says so; returns the form. */
export async function addProfileThroughForm(page: Page, profile: ProfileThroughForm): Promise<Locator> {
  await openSection(page, 'Profiles');
  const form = page.getByRole('form', { name: 'Add a profile' });
  await form.getByLabel('Profile name').fill(profile.name);
  await form.getByLabel('Base URL').fill(profile.baseUrl);
  await form.getByLabel('Key name').fill(profile.keyName);
  await form.getByLabel('Key value').fill(profile.keyValue);
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form.getByRole('status')).toHaveText(`Profile “${profile.name}” created.`);
  return form;
}

/**
 * Adds a profile without a key on the sandbox under another host name (everything it tries fails,
 * which makes its errors easy to see), once the window's profile switcher lists it.
 */
export async function addKeylessProfile(h: ConsoleHarness, name: string): Promise<void> {
  await h.core.profiles.create({ name, baseUrl: h.sandbox.baseUrl.replace('127.0.0.1', 'localhost') });
  await expect(h.page.getByTestId('profile-switcher').getByRole('option', { name })).toHaveCount(1);
}
