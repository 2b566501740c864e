// The network settings on the Profiles screen, in the real window with main's own handlers and
// file dialog (answered by the harness):
// - Trusted certificates: a service whose certificate the operating system does not trust
//   (self-signed, its own root, as a company's TLS inspection root is to the OS store) is refused
//   until that root's PEM file is chosen; then Contacts load from it. A file that is not PEM is
//   refused with its reason and the setting stays as it was; "Stop trusting it" clears it.
// - Request deadline: set in the window, it is the data folder's, and it ends a listing whose
//   answer trickles in a byte at a time, with an error that says where it is set.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createPlainServer, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { TEST_CERT, TEST_CERT_KEY } from '../main/core/http/support/self-signed';
import { openSection } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const CONTACT = { id: 'c_1', name: 'Ada Behind A Company Root', number: '5511999990001', email: null, tags: [] };

describeOnOneConsole('network settings', { contacts: 10 }, (ctx) => {
  let server: Server;
  let dir: string;

  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-e2e-ca-'));
    server = createServer({ cert: TEST_CERT, key: TEST_CERT_KEY }, (req, res) => {
      const listing = req.method === 'GET' && req.url?.startsWith('/api/v1/contacts');
      res.writeHead(listing ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(listing ? { data: [CONTACT], meta: { page: 1, per_page: 100, total: 1 } } : { error: { message: 'not here' } }),
      );
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  });

  test.afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((closed) => server?.close(closed));
    await rm(dir, { recursive: true, force: true });
  });

  test('a service signed by a root the OS lacks loads once its PEM file is chosen; a file that is not PEM is refused', async () => {
    const h = ctx.h;
    const { page } = h;
    const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const profile = await h.core.profiles.create({ name: 'Behind TLS inspection', baseUrl });
    await h.core.keys.addKey({ profileId: profile.id, name: 'inspected', value: 'crm_sk_ca_file_e2e_0001' });

    await openSection(page, 'Profiles');
    const panel = page.getByTestId('ca-file');
    await expect(panel.getByTestId('ca-file-state')).toHaveText(/^No CA file/);
    await page.getByRole('row').filter({ hasText: 'Behind TLS inspection' }).getByRole('button', { name: 'Switch to' }).click();
    await expect(page.getByTestId('active-profile')).toContainText('Behind TLS inspection');

    await openSection(page, 'Contacts');
    await expect(page.getByTestId('contacts-error')).toContainText('self-signed');

    const root = join(dir, 'company-root.pem');
    await writeFile(root, `${TEST_CERT}\n`);
    await openSection(page, 'Profiles');
    h.pickQueue.push(root);
    await panel.getByRole('button', { name: 'Choose a CA file…' }).click();
    await expect(panel.getByTestId('ca-file-state')).toHaveText(
      `CA file ${root}: 1 certificate trusted beside the certificates Node and the operating system trust.`,
    );

    await openSection(page, 'Contacts');
    await page.getByTestId('contacts-error').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('contact-row').filter({ hasText: CONTACT.name })).toBeVisible();

    // a file that is not PEM: refused with its reason, and the root chosen before stays trusted
    const notPem = join(dir, 'notes.txt');
    await writeFile(notPem, 'not a certificate\n');
    await openSection(page, 'Profiles');
    h.pickQueue.push(notPem);
    await panel.getByRole('button', { name: 'Choose another file…' }).click();
    await expect(panel.getByTestId('ca-file-error')).toContainText('The CA file was not changed');
    await expect(panel.getByTestId('ca-file-state')).toContainText(`CA file ${root}: 1 certificate trusted`);

    // the dialog closed without a file: nothing changes, and nothing is said
    h.pickQueue.push(null);
    await panel.getByRole('button', { name: 'Choose another file…' }).click();
    await expect(panel.getByTestId('ca-file-error')).toHaveCount(0);
    await expect(panel.getByTestId('ca-file-state')).toContainText(`CA file ${root}`);

    await panel.getByRole('button', { name: 'Stop trusting it' }).click();
    await expect(panel.getByTestId('ca-file-state')).toHaveText(/^No CA file/);
    await expect(panel.getByRole('button', { name: 'Stop trusting it' })).toHaveCount(0);
  });

  test("the request deadline set in the window is the data folder's and ends an answer that trickles past it", async () => {
    const h = ctx.h;
    const { page } = h;
    const trickling: ServerResponse[] = [];
    const slow = createPlainServer((req, res) => {
      req.resume();
      trickling.push(res);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"data":[');
      const drip = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((listening) => slow.listen(0, '127.0.0.1', listening));
    try {
      const baseUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
      const profile = await h.core.profiles.create({ name: 'Trickling', baseUrl });
      await h.core.keys.addKey({ profileId: profile.id, name: 'trickle', value: 'crm_sk_deadline_e2e_0001' });

      await openSection(page, 'Profiles');
      const panel = page.getByTestId('request-deadline');
      await expect(panel.getByTestId('request-deadline-state')).toHaveText('60 s (the default)');
      const seconds = panel.getByLabel('Seconds');
      await seconds.fill('0');
      await seconds.press('Enter');
      await expect(panel).toContainText('Whole seconds from 1 to 3600.');
      expect(h.core.requestDeadline.get()).toBeNull();
      await seconds.fill('2');
      await seconds.press('Enter');
      await expect(panel.getByTestId('request-deadline-state')).toHaveText('2 s');
      expect(h.core.requestDeadline.get()).toBe(2);

      await page.getByRole('row').filter({ hasText: 'Trickling' }).getByRole('button', { name: 'Switch to' }).click();
      await expect(page.getByTestId('active-profile')).toContainText('Trickling');
      await openSection(page, 'Contacts');
      await expect(page.getByTestId('contacts-error')).toContainText(
        'did not finish its answer within the request deadline of 2 s (Profiles → Request deadline in the window',
      );

      await openSection(page, 'Profiles');
      await panel.getByRole('button', { name: 'Back to the default (60 s)' }).click();
      await expect(panel.getByTestId('request-deadline-state')).toHaveText('60 s (the default)');
      expect(h.core.requestDeadline.get()).toBeNull();
    } finally {
      for (const res of trickling) res.destroy();
      slow.closeAllConnections();
      await new Promise((closed) => slow.close(closed));
    }
  });
});
