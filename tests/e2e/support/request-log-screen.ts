// Steps on the Request log through the UI, as a person takes them: open it with requests in it, find
// a request by its path and open it in the viewer.
import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, openSection } from './fixtures';

/** Opens the Request log once the Contacts screen has loaded, so the log holds the requests that took. */
export async function openLogAfterContacts(page: Page): Promise<void> {
  await openSection(page, 'Contacts');
  await expect(page.getByTestId('contact-row').first()).toBeVisible();
  await openSection(page, 'Request log');
}

/** Searches the log for a path and opens its newest row in the viewer; returns the viewer. */
export async function openNewestLogEntry(page: Page, path: string): Promise<Locator> {
  await page.getByLabel('Search', { exact: true }).fill(path);
  await page
    .getByTestId('log-row')
    .first()
    .getByRole('button', { name: new RegExp(escapeRegExp(path)) })
    .click();
  return page.getByTestId('log-detail');
}
