// Keyboard first: Ctrl+1..7 open the screens with focus where the work starts, `/` jumps to the
// contact search (but types a slash inside a field), and the Ctrl+K palette goes to a screen,
// finds a contact, sends to the chosen contact and switches profile, all from the keyboard.
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { contactAt, openSection } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

describeOnOneConsole('shortcuts and the command palette', (ctx) => {
  test('Ctrl+2 opens Send with the recipient field focused; Ctrl+1 goes back to the contact search', async () => {
    const { page } = ctx.h;
    await page.keyboard.press('Control+2');
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
    await expect(page.getByTestId('recipient-number')).toBeFocused();
    await page.keyboard.press('Control+4');
    await expect(page.getByRole('heading', { level: 1, name: 'Keys' })).toBeVisible();
    // the first control of the screen, never the heading with a ring around it
    await expect(page.getByRole('table', { name: 'Saved keys' }).getByRole('button', { name: 'Test' }).first()).toBeFocused();
    await page.keyboard.press('Control+1');
    await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toBeFocused();
  });

  test('/ jumps to the contact search from another screen, and is a plain slash inside a field', async () => {
    const { page } = ctx.h;
    await page.keyboard.press('Control+2');
    const number = page.getByTestId('recipient-number');
    await expect(number).toBeFocused();
    await page.keyboard.type('55/11');
    await expect(number).toHaveValue('55/11');
    await number.fill('');
    await page.getByRole('heading', { level: 1, name: 'Send' }).click();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toBeFocused();
  });

  test('Ctrl+K: find a contact, choose it, send text to it; Escape closes; axe finds nothing', async () => {
    const h = ctx.h;
    const { page } = h;
    const target = await contactAt(h, 0, 'ana');
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    const field = palette.getByRole('combobox', { name: 'Command' });
    await expect(field).toBeFocused();
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/command-palette.json'));
    expect(problems, formatA11yProblems('command palette', problems)).toEqual([]);
    await page.keyboard.type('ana');
    await expect(palette.getByRole('option').last()).toHaveText(/Find contact “ana”/);
    // End of the list: the contact search; arrows move, Enter runs
    await page.keyboard.press('ArrowUp');
    await expect(palette.getByRole('option', { selected: true })).toHaveText(/Find contact “ana”/);
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('ana');
    await expect(page.getByTestId('contact-row').first()).toContainText(target.name);

    await page.getByTestId('contact-row').first().click();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('send text');
    await expect(palette.getByRole('option', { selected: true })).toHaveText(new RegExp(`Send text to ${target.name}`));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Send Text' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('recipient-number')).toHaveValue(target.number);

    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  });

  test('Ctrl+K switches profile', async () => {
    const h = ctx.h;
    const { page } = h;
    await h.core.profiles.create({ name: 'Staging', baseUrl: h.sandbox.baseUrl.replace('127.0.0.1', 'localhost') });
    // the profiles announce the new one themselves: the window lists it without a reload
    await openSection(page, 'Profiles');
    await expect(page.getByRole('rowheader', { name: /Staging/ })).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-palette')).toBeVisible();
    await page.keyboard.type('stag');
    await expect(page.getByTestId('command-palette').getByRole('option', { selected: true })).toHaveText(/Switch to profile Staging/);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('active-profile')).toContainText('Staging');
  });
});
