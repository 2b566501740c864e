// Every way a send can fail, each shown as a clear message in the send panel: 400 with field
// details, 401 (key revoked on the server), 403 (key without messages:send), 404, 429 (a
// visible countdown, then success; or a countdown after the client gives up), 500 with an HTML
// body, and offline (queued in the outbox, sent exactly once after Sync now).
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  draftTextTo,
  expectCountdown,
  journalMark,
  journalSince,
  messagesTo,
  openSection,
  sandboxApi,
  uniqueNumber,
  watchCountdown,
} from './support/fixtures';
import type { SandboxFault } from '../../src-main/sandbox/index';
import { describeOnOneConsole } from './support/console-describe';
import { activateKey, addServerKeyThroughForm } from './support/keys-screen';

const TEXT_PATH = '/api/v1/messages/text';
const ON_TEXT = { method: 'POST', pathPrefix: TEXT_PATH };

describeOnOneConsole('send errors', (ctx) => {
  /** Fills the Send Text panel and waits for its preview, the text included; returns the panel. */
  async function draft(page: Page, number: string, text: string): Promise<Locator> {
    return draftTextTo(page, number, text, JSON.stringify(text).slice(1, -1));
  }

  async function send(panel: Locator): Promise<void> {
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
  }

  /** Drafts `text` to `number` and sends it into `faults`; returns the panel and the journal's mark from before the send. */
  async function sendIntoFaults(number: string, text: string, faults: SandboxFault[]): Promise<{ panel: Locator; mark: number }> {
    const panel = await draft(ctx.h.page, number, text);
    const mark = journalMark(ctx.h);
    ctx.h.sandbox.injectFaults(faults, ON_TEXT);
    await send(panel);
    return { panel, mark };
  }

  test('400 with field details: the server message and the field problem are shown', async () => {
    const { panel } = await sendIntoFaults(uniqueNumber(), 'details please', [
      {
        kind: 'status',
        status: 400,
        body: JSON.stringify({ error: { code: 'bad_request', message: 'x', details: [{ field: 'number', message: 'bad' }] } }),
        contentType: 'application/json',
      },
    ]);
    const error = panel.getByTestId('send-error');
    await expect(error.getByRole('alert')).toContainText('Not sent: The server rejected the request (400)');
    // said once, not "rejected (400): The server rejected the request: ..."
    await expect(error.getByRole('alert')).not.toContainText(/rejected the request.*rejected the request/);
    await expect(error.getByRole('listitem')).toHaveText('number: bad');
    await expect(error).toContainText('Your draft is kept');
    // the detail is also attached to the field it names
    const number = panel.getByLabel('Recipient number');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toHaveAccessibleDescription(/bad/);
    await expect(panel.getByLabel('Message text')).toHaveValue('details please');
  });

  test('404: says to check the base URL and endpoint paths', async () => {
    const { panel } = await sendIntoFaults(uniqueNumber(), 'not found please', [{ kind: 'status', status: 404 }]);
    const error = panel.getByTestId('send-error');
    // the app's sentence, and the service's own reason after it
    await expect(error.getByRole('alert')).toHaveText(
      "Not sent: Not found: POST /api/v1/messages/text. Check the profile's base URL and API paths. The server says: injected fault: HTTP 404.",
    );
    await expect(error).toContainText('Your draft is kept; check the endpoint paths under Profiles.');
  });

  test('500 with an HTML body: "server error, contact support", and the HTML is not shown', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const { panel, mark } = await sendIntoFaults(number, 'server error please', [
      {
        kind: 'status',
        status: 500,
        body: '<html><body><h1>Internal Server Error</h1><p>stack trace here</p></body></html>',
        contentType: 'text/html',
      },
    ]);
    const error = panel.getByTestId('send-error');
    await expect(error.getByRole('alert')).toHaveText('Not sent: Server error (HTTP 500); contact support if it persists.');
    await expect(page.locator('body')).not.toContainText('stack trace here');
    await expect(page.locator('body')).not.toContainText('Internal Server Error');
    // not retried behind the person's back, not queued
    expect(journalSince(ctx.h, mark, { method: 'POST' })).toHaveLength(1);
    expect(await messagesTo(ctx.h, number)).toHaveLength(0);
  });

  test('429 once: a countdown while the client waits as told, then the message is sent', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const { panel, mark } = await sendIntoFaults(number, 'rate limited once', [{ kind: 'rate_limit', retryAfter: '3' }]);
    const waiting = panel.getByTestId('send-waiting');
    await expect(waiting).toContainText(/Rate limited \(429\): retrying in \d s \(attempt 1 of \d\)/);
    expectCountdown(await watchCountdown(page, waiting, /retrying in (\d+) s/), 4);
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);

    const posts = journalSince(ctx.h, mark, { method: 'POST' });
    expect(posts.map((p) => p.status)).toEqual([429, 201]);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    // never sooner than Retry-After (a lower bound on the server's own clock: cannot flake)
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(3000);
    expect(await messagesTo(ctx.h, number)).toHaveLength(1);
  });

  test('429 more times than the client retries: the error shows a retry countdown, then a resend works', async () => {
    const { page } = ctx.h;
    const number = uniqueNumber();
    const { panel, mark } = await sendIntoFaults(number, 'rate limited always', [
      { kind: 'rate_limit', retryAfter: '1' },
      { kind: 'rate_limit', retryAfter: '1' },
      { kind: 'rate_limit', retryAfter: '1' },
      { kind: 'rate_limit', retryAfter: '6' },
    ]);
    const error = panel.getByTestId('send-error');
    await expect(error.getByRole('alert')).toHaveText('Not sent: Rate limited (429): too many requests.', { timeout: 20_000 });
    const countdown = panel.getByTestId('retry-countdown');
    await expect(countdown).toContainText(/You can retry in \d s\./);
    expectCountdown(await watchCountdown(page, countdown, /retry in (\d+) s/, { enough: 3 }), 6);
    const posts = journalSince(ctx.h, mark, { method: 'POST' });
    expect(posts.map((p) => p.status)).toEqual([429, 429, 429, 429]);
    expect(new Set(posts.map((p) => p.headers['idempotency-key'])).size).toBe(1);
    expect(await messagesTo(ctx.h, number)).toHaveLength(0);

    await send(panel);
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_/);
    await expect(panel.getByTestId('send-error')).toHaveCount(0);
    expect(await messagesTo(ctx.h, number)).toHaveLength(1);
  });

  test('401: a key revoked on the server is reported as unauthorized', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key: created } = await addServerKeyThroughForm(h, 'e2e soon revoked', ['contacts:read', 'messages:send']);
    await activateKey(page, 'e2e soon revoked');
    try {
      expect((await sandboxApi(h, `/api/v1/api-keys/${created.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: created.key })).status).toBe(401);

      const panel = await draft(page, uniqueNumber(), 'with a revoked key');
      await send(panel);
      const error = panel.getByTestId('send-error');
      await expect(error.getByRole('alert')).toHaveText(
        'Not sent: API key missing, invalid or revoked. The server says: unknown or deleted API key (HTTP 401).',
      );
      await expect(error).toContainText('check the active key under Keys');
    } finally {
      await activateKey(page, 'Sandbox admin');
    }
  });

  test('403: a key without messages:send is reported as forbidden', async () => {
    const h = ctx.h;
    const { page } = h;
    await addServerKeyThroughForm(h, 'e2e read only', ['contacts:read']);
    await activateKey(page, 'e2e read only');
    try {
      const number = uniqueNumber();
      const panel = await draft(page, number, 'with a read-only key');
      await send(panel);
      const error = panel.getByTestId('send-error');
      await expect(error.getByRole('alert')).toHaveText(
        'Not sent: This key lacks permission for Send Text (needs messages:send). The server says: this API key lacks the messages:send permission (HTTP 403).',
      );
      await expect(error).toContainText('the active key needs the messages:send permission');
      expect(await messagesTo(h, number)).toHaveLength(0);
    } finally {
      await activateKey(page, 'Sandbox admin');
    }
  });

  test('offline: the message waits in the outbox with a clock, and after Sync now arrives exactly once', async () => {
    const h = ctx.h;
    const { page, sandbox } = h;
    const number = uniqueNumber();
    const text = `queued while offline ${Date.now()}`;
    const panel = await draft(page, number, text);
    const mark = journalMark(h);
    await sandbox.suspend();
    try {
      await send(panel);
      const queued = panel.getByTestId('send-queued');
      await expect(queued).toContainText('In the outbox: it will be sent when the connection returns.');
      await expect(queued.locator('svg.icon')).toHaveCount(1);

      await openSection(page, 'Outbox');
      const pending = page.getByRole('region', { name: /^In the outbox \(1\)$/ });
      await expect(pending).toBeVisible();
      const item = pending.getByRole('listitem').filter({ hasText: number });
      await expect(item).toContainText('Text message');
      await expect(item).toContainText('Why: waiting for the connection to return');
      await expect(item.locator('svg.icon').first()).toBeVisible();
      await expect(page.getByTestId('net-status')).toContainText('Offline');
    } finally {
      await sandbox.resume();
    }
    await page.getByRole('button', { name: 'Sync now' }).click();
    const sent = page.getByRole('region', { name: /^Sent from the outbox \(\d+\)$/ });
    await expect(sent.getByRole('listitem').filter({ hasText: number })).toBeVisible();
    await expect(page.getByRole('region', { name: /^In the outbox/ })).toHaveCount(0);
    await expect(page.getByTestId('net-status')).toContainText('Online');

    // once more for good measure: nothing is sent twice
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    const messages = await messagesTo(h, number);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: 'text', text });
    const accepted = journalSince(h, mark, { method: 'POST', path: TEXT_PATH }).filter((r) => r.status === 201);
    expect(accepted).toHaveLength(1);
  });
});
