// Focus follows every way of getting somewhere: each command-palette entry, each shortcut and
// each button that opens another screen puts focus on the first useful control of what it
// opened, and typed keys land there. The sidebar shows each screen's shortcut, in its own order.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { contactAt, navLink, openSection, type SectionName } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { addKeylessProfile } from './support/profiles-screen';

/** Ctrl+K, the query, Enter: the palette runs its first entry */
async function runFromPalette(page: Page, query: string, expected: RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette');
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type(query);
  await expect(palette.getByRole('option', { selected: true })).toHaveText(expected);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

/** the element that has focus, as a person would name it */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return `${el.tagName.toLowerCase()} ${(label ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
  });
}

/** types into the focused field and checks it arrived there; clears it again */
async function typeLands(page: Page, field: Locator, text: string): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
  await field.fill('');
}

describeOnOneConsole('focus after every palette entry and navigation', (ctx) => {
  const SCREENS: { name: SectionName; shortcut: string; target: (page: Page) => Locator; types: boolean }[] = [
    { name: 'Contacts', shortcut: 'Ctrl+1', target: (p) => p.getByRole('searchbox', { name: 'Search contacts' }), types: true },
    { name: 'Send', shortcut: 'Ctrl+2', target: (p) => p.getByTestId('recipient-number'), types: true },
    { name: 'Messages', shortcut: 'Ctrl+3', target: (p) => p.getByTestId('messages-number'), types: true },
    {
      name: 'Keys',
      shortcut: 'Ctrl+4',
      target: (p) => p.getByRole('table', { name: 'Saved keys' }).getByRole('button', { name: 'Test' }).first(),
      types: false,
    },
    { name: 'Outbox', shortcut: 'Ctrl+5', target: (p) => p.getByRole('button', { name: 'Sync now' }), types: false },
    { name: 'Request log', shortcut: 'Ctrl+6', target: (p) => p.getByTestId('log-filter-path'), types: true },
    {
      name: 'Profiles',
      shortcut: 'Ctrl+7',
      target: (p) => p.getByRole('table', { name: 'Profiles' }).getByRole('button', { name: 'Edit' }).first(),
      types: false,
    },
    { name: 'Conversations', shortcut: 'Ctrl+8', target: (p) => p.getByRole('button', { name: 'All', exact: true }), types: false },
    { name: 'Templates', shortcut: 'Ctrl+9', target: (p) => p.getByRole('button', { name: 'Refresh' }), types: false },
  ];

  test('the sidebar shows each shortcut, in its own order, and the palette lists the screens the same way', async () => {
    const { page } = ctx.h;
    const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    await expect(links).toHaveText(SCREENS.map((s) => new RegExp(`^${s.name}.*${s.shortcut.replace('+', '\\+')}$`)));
    for (const s of SCREENS) await expect(navLink(page, s.name)).toHaveAttribute('aria-keyshortcuts', s.shortcut);
    await page.keyboard.press('Control+k');
    const options = page.getByTestId('command-palette').getByRole('option');
    const screens = (await options.allTextContents()).filter((t) => t.startsWith('Go to'));
    expect(screens).toEqual(SCREENS.map((s) => `Go to ${s.name}${s.shortcut}`));
    const problems = blocking(await a11yProblems(page));
    expect(problems, formatA11yProblems('sidebar with shortcuts and the palette', problems)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  for (const s of SCREENS) {
    test(`Go to ${s.name} (palette) and ${s.shortcut} land on its first useful control`, async () => {
      const { page } = ctx.h;
      // from another screen, so the screen really opens
      await openSection(page, s.name === 'Contacts' ? 'Outbox' : 'Contacts');
      await runFromPalette(page, `go to ${s.name.toLowerCase()}`, new RegExp(`^Go to ${s.name}`));
      const target = s.target(page);
      await expect(target, `focus after "Go to ${s.name}": ${await focused(page)}`).toBeFocused();
      if (s.types) await typeLands(page, target, '55');

      await openSection(page, s.name === 'Contacts' ? 'Outbox' : 'Contacts');
      await page.keyboard.press(s.shortcut.replace('Ctrl', 'Control'));
      await expect(target).toBeFocused();
      // never the heading with a ring around it
      await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
    });
  }

  test('Find contact puts focus in the search with the query; Send text to the chosen contact in the message box', async () => {
    const h = ctx.h;
    const { page } = h;
    const ana = await contactAt(h, 0, 'ana');
    await openSection(page, 'Outbox');
    await runFromPalette(page, 'ana', /^Find contact “ana”/);
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('ana');
    await page.keyboard.type(ana.name.slice(3, 6));
    await expect(search).toHaveValue(`ana${ana.name.slice(3, 6)}`);
    await search.fill('ana');
    await expect(page.getByTestId('contact-row').first()).toContainText(ana.name);
    await page.getByTestId('contact-row').first().click();

    await runFromPalette(page, 'send text', new RegExp(`^Send text to ${ana.name}`));
    const message = page.getByLabel('Message text');
    await expect(page.getByTestId('recipient-number')).toHaveValue(ana.number);
    await expect(message).toBeFocused();
    await page.keyboard.type('hello');
    await expect(message).toHaveValue('hello');
    await message.fill('');

    // the same from the contact's own "Send text" button
    await openSection(page, 'Contacts');
    await page.getByTestId('chosen-contact').getByRole('button', { name: 'Send text' }).click();
    await expect(message).toBeFocused();

    // media: the recipient is filled, so the control after it
    await runFromPalette(page, 'send media', new RegExp(`^Send media to ${ana.name}`));
    await expect(page.getByTestId('recipient-number')).not.toBeFocused();
    const after = await focused(page);
    expect(after).not.toBe('body');

    // with no recipient, Send text starts at the recipient
    await page.getByRole('tab', { name: 'Send Text' }).click();
    await page.getByTestId('recipient-number').fill('');
    await openSection(page, 'Contacts');
    await page.keyboard.press('Control+2');
    await expect(page.getByTestId('recipient-number')).toBeFocused();
  });

  test('Switch profile from the palette leaves focus on the screen’s first control', async () => {
    const h = ctx.h;
    const { page } = h;
    await addKeylessProfile(h, 'Staging');
    await openSection(page, 'Contacts');
    await runFromPalette(page, 'staging', /^Switch to profile Staging/);
    await expect(page.getByTestId('active-profile')).toContainText('Staging');
    await typeLands(page, page.getByRole('searchbox', { name: 'Search contacts' }), 'bob');
  });
});
