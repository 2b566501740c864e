// Media by URL without a file extension: the app says the type is needed (not before the person
// typed a URL), the person asks the hosting server with Detect (a real HTTP server here), the
// chosen type goes into the request and its cURL, and the message is sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { messagesTo, openSendTo, settledCurl, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

let files: Server;
let base = '';

test.beforeAll(async () => {
  files = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end());
  await new Promise<void>((ok) => files.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((ok) => files.close(() => ok())));

describeOnOneConsole('media URL without an extension', { contacts: 500 }, (ctx) => {
  test('Detect asks the hosting server for the type; it is sent with the message', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const panel = await openSendTo(page, 'Send Media', number);
    await panel.getByRole('radio', { name: 'URL' }).check();
    // nothing typed yet: no complaint about the type
    await expect(panel.getByText(/Mimetype is required/)).toHaveCount(0);
    const url = `${base}/download?id=42`;
    await panel.getByTestId('media-url').fill(url);
    // once the field is left, what it lacks is said
    await panel.getByTestId('media-url').press('Tab');
    await expect(panel.getByText(/Mimetype is required/).first()).toBeVisible();

    await panel.getByRole('button', { name: 'Detect' }).click();
    await expect(panel.getByTestId('media-url-type')).toHaveValue('image/png');
    await expect(panel.getByText('The server says image/png.')).toBeVisible();
    await settledCurl(page, '"mimetype":"image/png"');
    await expect(panel.getByText(/Mimetype is required/)).toHaveCount(0);

    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText('Sent');
    const sent = await messagesTo(h, number);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'media', mediatype: 'image' });
    expect(JSON.stringify(sent[0])).toContain('image/png');
  });
});
