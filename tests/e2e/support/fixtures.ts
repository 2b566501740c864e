// Shared plumbing for the e2e specs: one console per describe block, the sandbox's HTTP API
// as the test sees it (with the admin key, outside the app), navigation and cURL parsing.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { SandboxRequestRecord } from '../../../src-main/sandbox/index';
import { launchConsole, type ConsoleHarness } from './app-harness';
import { expectNoSecretsLeaked } from './secret-scan';

export type LaunchOptions = Parameters<typeof launchConsole>[1];

/**
 * One console (sandbox, core, page) for every test of the calling describe block; the secret
 * scan runs after each test and the console closes after the last. Use inside test.describe.
 */
export function sharedConsole(options: LaunchOptions = {}): { readonly h: ConsoleHarness } {
  let current: ConsoleHarness | undefined;
  test.beforeAll(async ({ browser }) => {
    current = await launchConsole(browser, options);
    await expect(current.page.getByTestId('active-key')).toContainText('Sandbox admin');
  });
  test.afterEach(async () => {
    if (current) await expectNoSecretsLeaked(current);
  });
  test.afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get h(): ConsoleHarness {
      if (!current) throw new Error('the console is not running (beforeAll failed?)');
      return current;
    },
  };
}

// ---------------------------------------------------------------- the sandbox over HTTP

export interface ApiAnswer<T = unknown> {
  status: number;
  json: T;
}

/** marks the test's own requests, so journalSince() shows only what the app sent */
const TEST_HEADER = 'x-e2e-test';

/** A request to the sandbox made by the TEST (not the app), by default with the admin key. */
export async function sandboxApi<T = Record<string, unknown>>(
  h: ConsoleHarness,
  path: string,
  init: { method?: string; key?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${init.key ?? h.sandbox.adminKey}`, [TEST_HEADER]: '1' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${h.sandbox.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

export interface SandboxContact {
  id: string;
  name: string;
  number: string;
  email: string | null;
}

export interface SandboxMessage {
  id: string;
  type: 'text' | 'media' | 'audio';
  number: string;
  status: string;
  [field: string]: unknown;
}

/** Contact number `index` (0-based) in the server's order, read with per_page=50 (API default). */
export async function contactAt(h: ConsoleHarness, index: number, search?: string): Promise<SandboxContact> {
  const perPage = 50;
  const page = Math.floor(index / perPage) + 1;
  const q = new URLSearchParams({ page: String(page), per_page: String(perPage), ...(search ? { search } : {}) });
  const r = await sandboxApi<{ data: SandboxContact[] }>(h, `/api/v1/contacts?${q}`);
  expect(r.status).toBe(200);
  const contact = r.json.data[index % perPage];
  if (!contact) throw new Error(`the sandbox has no contact at index ${index}`);
  return contact;
}

/** Messages the sandbox accepted for one recipient, newest first. */
export async function messagesTo(h: ConsoleHarness, number: string): Promise<SandboxMessage[]> {
  const r = await sandboxApi<{ data: SandboxMessage[] }>(h, `/api/v1/messages?number=${number}&per_page=100`);
  expect(r.status).toBe(200);
  return r.json.data;
}

/** A journal position; `since(mark)` lists what the sandbox received after it. */
export function journalMark(h: ConsoleHarness): number {
  return h.sandbox.requests().length;
}

/** What the APP sent after `mark` (the test's own sandboxApi calls are left out). */
export function journalSince(h: ConsoleHarness, mark: number, filter: { method?: string; path?: string } = {}): SandboxRequestRecord[] {
  return h.sandbox
    .requests()
    .slice(mark)
    .filter((r) => r.headers[TEST_HEADER] === undefined)
    .filter((r) => (filter.method === undefined || r.method === filter.method) && (filter.path === undefined || r.path === filter.path));
}

/** A fresh recipient per test, so GET /messages?number= sees only that test's messages. */
let numberSeq = 0;
export function uniqueNumber(): string {
  numberSeq += 1;
  const tail = `${Date.now() % 1_000_000}`.padStart(6, '0') + `${numberSeq % 100}`.padStart(2, '0');
  return `5511${tail}`.slice(0, 13);
}

// ---------------------------------------------------------------- navigation

export type SectionName = 'Contacts' | 'Send' | 'Messages' | 'Keys' | 'Outbox' | 'Request log' | 'Profiles' | 'Conversations' | 'Templates';

export function navLink(page: Page, name: SectionName): Locator {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });
}

export async function openSection(page: Page, name: SectionName): Promise<void> {
  await navLink(page, name).click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
}

/** On the Profiles screen: Edit on the Sandbox profile's row; returns the edit form. */
export async function editSandboxProfile(page: Page): Promise<Locator> {
  const row = page
    .getByRole('table', { name: 'Profiles' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: /^Sandbox/ }) });
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  return page.getByTestId('edit-profile');
}

/** Profiles -> Edit (the Sandbox profile) -> `tab`, once the tab is selected; returns the edit form. */
async function openSandboxProfileTab(page: Page, tab: 'API' | 'Events'): Promise<Locator> {
  const edit = page.getByTestId('edit-profile');
  await openSection(page, 'Profiles');
  if (!(await edit.isVisible())) await editSandboxProfile(page);
  await edit.getByRole('tab', { name: tab }).click();
  await expect(edit.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return edit;
}

/** Profiles -> Edit (the Sandbox profile) -> API; returns the edit form. */
export async function openApiTab(page: Page): Promise<Locator> {
  const edit = await openSandboxProfileTab(page, 'API');
  await expect(edit.getByRole('table', { name: 'Operations' })).toBeVisible();
  return edit;
}

/** Profiles -> Edit (the Sandbox profile) -> Events: where its webhooks arrive and their signing; returns the Events panel. */
export async function openEventsTab(page: Page): Promise<Locator> {
  const edit = await openSandboxProfileTab(page, 'Events');
  return edit.getByTestId('webhook-settings');
}

export type SendTab = 'Send Text' | 'Send Media' | 'Send Audio' | 'Send Template';

export async function openSendTab(page: Page, tab: SendTab): Promise<Locator> {
  await openSection(page, 'Send');
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

/** A send tab with `number` typed as the recipient; returns its panel. */
export async function openSendTo(page: Page, tab: SendTab, number: string): Promise<Locator> {
  const panel = await openSendTab(page, tab);
  await panel.getByLabel('Recipient number').fill(number);
  return panel;
}

/** Send Text with `text` typed to `number`, once the preview names the number (and holds each of `alsoInPreview`); returns its panel. */
export async function draftTextTo(page: Page, number: string, text: string, ...alsoInPreview: string[]): Promise<Locator> {
  const panel = await openSendTo(page, 'Send Text', number);
  await panel.getByLabel('Message text').fill(text);
  await settledCurl(page, `"number":"${number}"`, ...alsoInPreview);
  return panel;
}

/** Every screen of the app with how to open it: the seven sections and the four send panels. */
export const EVERY_SCREEN: { name: string; open: (page: Page) => Promise<unknown> }[] = [
  ...(['Contacts', 'Messages', 'Keys', 'Outbox', 'Request log', 'Profiles', 'Conversations'] as SectionName[]).map((s) => ({
    name: s,
    open: (page: Page) => openSection(page, s),
  })),
  ...(['Send Text', 'Send Media', 'Send Audio', 'Send Template'] as const).map((t) => ({
    name: t,
    open: (page: Page) => openSendTab(page, t),
  })),
];

/** The preview section of the visible send panel (endpoint, cURL, copy buttons). */
export function previewOf(page: Page): { endpoint: Locator; curl: Locator } {
  const section = page.getByRole('region', { name: 'Request preview' });
  return { endpoint: section.getByRole('group', { name: 'Endpoint' }), curl: section.getByRole('region', { name: 'cURL preview' }) };
}

/** Waits until the cURL preview contains every fragment and is no longer busy; returns its text. */
export async function settledCurl(page: Page, ...fragments: string[]): Promise<string> {
  const { curl } = previewOf(page);
  for (const f of fragments) await expect(curl).toContainText(f);
  await expect(curl).toHaveAttribute('aria-busy', 'false');
  return (await curl.textContent()) ?? '';
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`).toBeFocused();
}

/**
 * Watches a countdown: reads the number `pattern` captures from `locator`'s text every ~150 ms,
 * until the element is gone or `enough` different values were seen. Returns the values in the
 * order seen (each once), so a test can check it counts down without timing anything.
 */
export async function watchCountdown(
  page: Page,
  locator: Locator,
  pattern: RegExp,
  { enough = 2, timeoutMs = 20_000 } = {},
): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && new Set(seen).size < enough) {
    const text =
      (await locator.count()) > 0
        ? await locator
            .first()
            .textContent({ timeout: 500 })
            .catch(() => null)
        : null;
    if (text === null) {
      if (seen.length > 0) break; // gone after it was seen
    } else {
      const m = pattern.exec(text);
      if (m && seen[seen.length - 1] !== Number(m[1])) seen.push(Number(m[1]));
    }
    await page.waitForTimeout(150);
  }
  return seen;
}

/** What watchCountdown saw was a countdown: from at most `atMost`, more than one value, never going up. */
export function expectCountdown(seen: number[], atMost: number): void {
  expect(seen[0]).toBeLessThanOrEqual(atMost);
  expect(seen.length, `a countdown, not a fixed text (saw ${seen.join(', ')})`).toBeGreaterThanOrEqual(2);
  expect([...seen].sort((a, b) => b - a)).toEqual(seen);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------- cURL

export interface ParsedCurl {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** the --data-binary argument exactly as the shell would pass it */
  body: string | null;
}

/**
 * Splits a POSIX-shell command into words the way sh does for what toCurl emits: single quotes
 * (with '\'' for a quote), double quotes ($VAR left as written), backslash-newline continuations.
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const push = (text: string) => {
    word = (word ?? '') + text;
  };
  while (i < command.length) {
    const c = command[i]!;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      push(command.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (j < command.length && command[j] !== '"') {
        if (command[j] === '\\' && /["\\$`]/.test(command[j + 1] ?? '')) j++;
        text += command[j];
        j++;
      }
      if (j >= command.length) throw new Error('unterminated double quote');
      push(text);
      i = j + 1;
    } else if (c === '\\') {
      if (command[i + 1] === '\n') i += 2;
      else {
        push(command[i + 1] ?? '');
        i += 2;
      }
    } else if (c === ' ' || c === '\n' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else {
      push(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

export function parseCurl(command: string): ParsedCurl {
  const words = shellWords(command.trim());
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${command.slice(0, 40)}`);
  const out: ParsedCurl = { method: 'GET', url: '', headers: {}, body: null };
  let explicitMethod: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-H') {
      const header = words[++i] ?? '';
      const colon = header.indexOf(':');
      out.headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (w === '--data-binary') out.body = words[++i] ?? '';
    else if (w === '-X') explicitMethod = words[++i] ?? '';
    else if (w === '--globoff') continue;
    else if (!w.startsWith('-') && out.url === '') out.url = w;
    else throw new Error(`unexpected curl argument: ${w}`);
  }
  out.method = explicitMethod ?? (out.body !== null ? 'POST' : 'GET');
  return out;
}

/**
 * A picture for the README and docs of what the page shows now, without the first-run banner, saved
 * with the run's screens; `npm run screenshots` copies it over resources/screenshots/<name>.png.
 */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  const banner = page.getByRole('region', { name: 'Built-in sandbox' });
  if ((await banner.count()) > 0) await banner.getByRole('button', { name: 'Dismiss' }).click();
  await page.screenshot({ path: `test-results/screens/${name}.png`, animations: 'disabled' });
}
