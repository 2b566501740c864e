// Steps on the Request log through the UI, as a person takes them: find a request by its path and
// open it in the viewer.
import type { Locator, Page } from '@playwright/test';
import { escapeRegExp } from './fixtures';

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
