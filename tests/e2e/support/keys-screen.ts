// Steps on the Keys screen through the UI, as a person takes them: add a key through the form, find
// its row and the cell under a column, pick which keys the table shows, make a key the active one.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Permission } from '../../../src-main/sandbox/types';
import type { ConsoleHarness } from './app-harness';
import { escapeRegExp, openSection } from './fixtures';

/** Adds a key through the Keys screen's form; returns its row. */
export async function addKeyThroughForm(page: Page, name: string, value: string): Promise<Locator> {
  await openSection(page, 'Keys');
  const form = page.getByRole('form', { name: 'Add a key' });
  await form.getByLabel('Key name').fill(name);
  await form.getByLabel('Key value').fill(value);
  await form.getByRole('button', { name: 'Add key' }).click();
  await expect(form.getByTestId('add-key-status')).toHaveText(`Key “${name}” saved to the keychain.`);
  await expect(form.getByLabel('Key value')).toHaveValue('');
  const row = keyRow(page, name);
  await expect(row).toBeVisible();
  return row;
}

export function keyRow(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Saved keys' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}\\b`) }) });
}

/** The local id of a saved key, from its row (`key-row-<id>`). */
export async function keyIdOf(row: Locator): Promise<string> {
  const testId = (await row.getAttribute('data-testid')) ?? '';
  if (!testId.startsWith('key-row-')) throw new Error(`not a key row: ${testId}`);
  return testId.slice('key-row-'.length);
}

/** The cell of `row` under the column whose header reads `column` (layout-independent). */
export async function cellUnder(row: Locator, column: string): Promise<Locator> {
  const table = row.locator('xpath=ancestor::table[1]');
  const headers = (await table.locator('thead th').allTextContents()).map((t) => t.trim());
  const index = headers.indexOf(column);
  if (index < 0) throw new Error(`no column "${column}" (columns: ${headers.join(', ')})`);
  return row.locator(':scope > th, :scope > td').nth(index);
}

/**
 * Picks which saved keys the Keys table shows: Live (the default: revoked keys leave it once their
 * server revocation is done), Revoked, or All (the history too).
 */
export async function showKeys(page: Page, view: 'Live' | 'Revoked' | 'All'): Promise<void> {
  const button = page.getByRole('group', { name: 'Show keys' }).getByRole('button', { name: view, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Makes a saved key the active key of the profile through its row; waits for the header. */
export async function activateKey(page: Page, name: string): Promise<void> {
  await openSection(page, 'Keys');
  const row = keyRow(page, name);
  await row.getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByTestId('active-key')).toContainText(name);
  await expect(row.getByRole('button', { name: 'Make active' })).toBeDisabled();
}

/**
 * A key the sandbox creates with `permissions`, handed to the secret scan (it must appear nowhere),
 * then added through the form under the same name; returns the created key and its row.
 */
export async function addServerKeyThroughForm(
  h: ConsoleHarness,
  name: string,
  permissions: Permission[],
): Promise<{ key: { id: string; key: string }; row: Locator }> {
  const key = h.sandbox.createKey(name, permissions);
  h.secrets.push(key.key);
  return { key, row: await addKeyThroughForm(h.page, name, key.key) };
}
