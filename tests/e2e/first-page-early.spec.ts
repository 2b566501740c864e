// The window's first contacts page is asked by window.crm as it is installed (here the Chromium
// host's bridge, as Electron's preload does): before the page's own scripts run, answered by main
// with the page it asked the service for while the window was created, and taken once by the
// contacts screen. The service is asked for that page once, the window asks main for it once.
import { expect, test } from '@playwright/test';
import { bindPage } from '../../src-main/chromium-host/page-bridge';
import type { CrmApi } from '../../src-main/ipc/contract';
import { EARLY_CALL, FIRST_CONTACTS_PAGE } from '../../src-main/shared/first-screen';
import { describeOnOneConsole } from './support/console-describe';
import { contactAt, journalSince } from './support/fixtures';

/** Runs after the bridge's script, before the page's: what window.crm offered then. */
const AT_DOCUMENT_START = `globalThis.__atStart = {
  takeEarly: typeof globalThis.crm?.takeEarly,
  scripts: document.scripts.length,
  fetched: performance.getEntriesByType('resource').length,
};`;

const firstPageReplies = (traffic: string[]): string[] =>
  traffic.filter((line) => {
    const parsed = JSON.parse(line) as { channel?: string; result?: { value?: { page?: number } } };
    return parsed.channel === EARLY_CALL.channel && parsed.result?.value?.page === FIRST_CONTACTS_PAGE.page;
  });

describeOnOneConsole(
  'the first contacts page, asked as window.crm is installed',
  { contacts: 1000, initScript: AT_DOCUMENT_START },
  (ctx) => {
    test('the window shows the first page from the call window.crm made at document start, and asks for it once', async () => {
      const { page } = ctx.h;
      const first = await contactAt(ctx.h, 0);
      await expect(page.locator('[data-testid="contact-row"][data-index="0"] .contact-name')).toHaveText(first.name);
      // window.crm was there, with its early call, before the page had fetched or run any script of its own
      expect(await page.evaluate(() => (globalThis as unknown as { __atStart: unknown }).__atStart)).toEqual({
        takeEarly: 'function',
        scripts: 0,
        fetched: 0,
      });
      // one answer crossed to the window for page 1: the early script and the contacts screen did not ask again
      expect(firstPageReplies(ctx.h.ipcTraffic)).toHaveLength(1);
      // and the service was asked for it once: main's early fetch answered the window's call
      const asked = journalSince(ctx.h, 0, { method: 'GET', path: '/api/v1/contacts' }).filter((r) => Number(r.query.page) === 1);
      expect(asked).toHaveLength(1);
    });

    test('window.crm hands the early answer over once: taken by the app, it is not handed again', async () => {
      const again = await ctx.h.page.evaluate(
        ([channel, payload]) => (window as unknown as { crm: CrmApi }).crm.takeEarly(channel, payload) === undefined,
        [EARLY_CALL.channel, { ...FIRST_CONTACTS_PAGE }] as const,
      );
      expect(again).toBe(true);
    });
  },
);

test("the bridge makes its early call for the app page's top frame only", async ({ browser }) => {
  const page = await browser.newPage();
  const asked: string[] = [];
  await bindPage(
    page,
    async (channel, payload) => {
      asked.push(`${channel} ${JSON.stringify(payload)}`);
      return { ok: true, value: null };
    },
    { appUrl: 'http://app.test/index.html' },
  );
  // every page here frames the app page's address: a frame at that address, but not the top one
  await page.route('http://app.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><iframe src="/index.html"></iframe>' }),
  );
  /** what window.crm holds in the top frame and in the framed one: a held early call, or none */
  const held = () =>
    page.evaluate(
      async ([channel, payload]) => {
        type Bridge = { crm: CrmApi };
        const framed = (document.querySelector('iframe')?.contentWindow as unknown as Bridge | null)?.crm;
        const top = await (window as unknown as Bridge).crm.takeEarly(channel, payload);
        return { top: top ?? 'none', framed: framed?.takeEarly(channel, payload) ?? 'none' };
      },
      [EARLY_CALL.channel, { ...FIRST_CONTACTS_PAGE }] as const,
    );
  try {
    await page.goto('http://app.test/other.html');
    expect(await held()).toEqual({ top: 'none', framed: 'none' });
    await page.goto('http://app.test/index.html');
    expect(await held()).toEqual({ top: { ok: true, value: null }, framed: 'none' });
    expect(asked).toEqual([`${EARLY_CALL.channel} ${JSON.stringify(FIRST_CONTACTS_PAGE)}`]);
  } finally {
    await page.close();
  }
});
