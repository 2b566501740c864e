// Main's own questions in the Chromium host (e.g. "send the keys to a new address?"), in a real
// Chromium: the rule that closes every window but the app leaves main's question window open
// until the person answers; yes and Cancel reach the code that asked, closing the window is a
// no, and a window the app page opens is still closed (the rule's waiting while a question is
// being opened is checked without a browser in tests/main/chromium-host/chromium-host-rules.test.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { askInOwnWindow } from '../../src-main/chromium-host/question-window';
import { QuestionWindows } from '../../src-main/chromium-host/question-windows';
import { guardWindows } from '../../src-main/chromium-host/window-guard';
import { KeyVault } from '../../src-main/core/keys/key-vault';
import { createMetaStores } from '../../src-main/core/meta/stores';
import { openDatabase } from '../../src-main/core/store/database';
import { updateProfileAsking, type AskConsent, type ConsentQuestion } from '../../src-main/core/profiles/profile-consent';
import { ProfileManager } from '../../src-main/core/profiles/profile-manager';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { keyRow } from '../main/helpers/saved-rows';

const QUESTION: ConsentQuestion = { title: 'Question from main', message: 'Go ahead?', detail: 'A detail.', confirmLabel: 'Go ahead' };

let context: BrowserContext;
let app: Page;
let ask: AskConsent;

test.beforeEach(async ({ browser }) => {
  context = await browser.newContext();
  app = await context.newPage();
  await app.setContent('<!doctype html><title>app</title><p>the app</p>');
  const questions = new QuestionWindows<Page>();
  guardWindows(context, app, questions);
  ask = askInOwnWindow(() => context, questions);
});

test.afterEach(async () => {
  await context.close();
});

/** question windows already found (an answered one may still be closing) */
const seen = new Set<Page>();

/** the next question window once it shows `title` (the page main opened, as the person sees it) */
async function questionShown(title = QUESTION.title): Promise<Page> {
  let found: Page | undefined;
  await expect
    .poll(async () => {
      for (const page of context.pages()) {
        if (page === app || page.isClosed() || seen.has(page)) continue;
        if ((await page.title().catch(() => '')) === title) found = page;
      }
      return found !== undefined;
    })
    .toBe(true);
  seen.add(found as Page);
  return found as Page;
}

/** lets the browser and the window rule run for a while: a closed window would be closed by then */
const settle = (): Promise<void> => new Promise((ok) => setTimeout(ok, 400));

test('the question window stays open until answered; yes reaches the code that asked', async () => {
  const answer = ask(QUESTION);
  const question = await questionShown();
  await settle();
  expect(question.isClosed()).toBe(false);
  await question.getByRole('button', { name: 'Go ahead' }).click();
  expect(await answer).toBe(true);
  await expect.poll(() => question.isClosed()).toBe(true);
  expect(app.isClosed()).toBe(false);
});

test("the question is a modal dialog like the app's own: labelled, described, Cancel focused, Tab kept inside", async () => {
  const answer = ask(QUESTION);
  const question = await questionShown();
  const dialog = question.getByRole('alertdialog', { name: 'Go ahead?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('A detail.');
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  const yes = dialog.getByRole('button', { name: 'Go ahead' });
  await expect(cancel).toBeFocused();
  await question.keyboard.press('Tab');
  await expect(yes).toBeFocused();
  await question.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await question.keyboard.press('Shift+Tab');
  await expect(yes).toBeFocused();
  await cancel.focus();
  await question.keyboard.down('Enter');
  expect(await answer).toBe(false);
});

test('Cancel is a no', async () => {
  const cancelled = ask(QUESTION);
  await (await questionShown()).getByRole('button', { name: 'Cancel' }).click();
  expect(await cancelled).toBe(false);
  expect(app.isClosed()).toBe(false);
});

test('Escape is a no', async () => {
  const escaped = ask(QUESTION);
  // only the key going down: the window answers and closes on it, before a key-up could reach it
  await (await questionShown()).keyboard.down('Escape');
  expect(await escaped).toBe(false);
  expect(app.isClosed()).toBe(false);
});

test('closing the question window is a no', async () => {
  const closed = ask(QUESTION);
  await (await questionShown()).close();
  expect(await closed).toBe(false);
  expect(app.isClosed()).toBe(false);
});

test('a window the app page opens is still closed', async () => {
  const popup = context.waitForEvent('page');
  await app.evaluate(() => void window.open('about:blank'));
  const opened = await popup;
  expect(await opened.opener()).toBe(app);
  await expect.poll(() => opened.isClosed()).toBe(true);
  expect(app.isClosed()).toBe(false);
});

test("moving a profile's saved keys to a new address: asked in the window, yes moves them", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'crm-question-'));
  try {
    const secrets = new MemorySecretStore();
    const meta = createMetaStores(openDatabase(dir));
    const profiles = new ProfileManager(meta, secrets, new KeyVault(secrets, meta));
    const p = await profiles.create({ name: 'Shop', baseUrl: 'https://old.example.com' });
    await meta.keys.update((doc) => {
      doc.keys.push(keyRow(1, p.id, { name: 'k', origin: 'https://old.example.com' }));
    });
    const updated = updateProfileAsking(profiles, ask, p.id, { baseUrl: 'https://new.example.com' });
    const question = await questionShown('Send the keys to a new address?');
    await expect(question.getByRole('heading')).toHaveText('Send its saved API key to https://new.example.com?');
    await settle();
    await question.getByRole('button', { name: 'Send the keys there' }).click();
    expect((await updated).baseUrl).toBe('https://new.example.com');
    expect((await meta.keys.read()).keys[0]?.origin).toBe('https://new.example.com');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
