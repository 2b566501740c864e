// Send Media: an image through the file dialog (preview, size, type), a document by
// drag-and-drop, and an image over the 5 MiB limit refused before anything is uploaded.
import { expect, test, type Locator } from '@playwright/test';
import type { ConsoleHarness } from './support/app-harness';
import { journalMark, journalSince, messagesTo, openSendTab, uniqueNumber, type SandboxMessage } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { dropFile, pdfBytes, pngBytes, writeMediaFile } from './support/media-files';

const MIB = 1024 * 1024;

function stagedIpcCalls(traffic: string[]): number {
  return traffic.filter((t) => t.startsWith('{"channel":"files:stage"')).length;
}

/**
 * Send, then: one media POST carried exactly `bytes` (base64), and the service's message for `number` is
 * that media with `fields` and those bytes.
 */
async function sendArrives(
  h: ConsoleHarness,
  panel: Locator,
  number: string,
  bytes: Buffer,
  fields: Partial<SandboxMessage>,
): Promise<void> {
  const mark = journalMark(h);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByTestId('send-result')).toContainText(/Sent: message m_[0-9a-f]+/);
  const posts = journalSince(h, mark, { method: 'POST', path: '/api/v1/messages/media' });
  expect(posts).toHaveLength(1);
  expect(Buffer.from((posts[0]!.json as Record<string, string>).media ?? '', 'base64').equals(bytes)).toBe(true);
  const [message] = await messagesTo(h, number);
  expect(message).toMatchObject({ type: 'media', ...fields, bytes: bytes.length });
}

describeOnOneConsole('send media', (ctx) => {
  test('an image picked in the file dialog shows a preview, its size and type, and arrives with its bytes', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const png = pngBytes(64, 48);
    h.pickQueue.push(writeMediaFile('photo.png', png));

    const panel = await openSendTab(page, 'Send Media');
    await expect(panel.getByRole('radio', { name: 'Image' })).toBeChecked();
    await panel.getByLabel('Recipient number').fill(number);
    await panel.getByRole('button', { name: 'Choose file…' }).click();

    const staged = panel.getByTestId('staged-file-media');
    const preview = staged.getByRole('img', { name: 'Preview of photo.png' });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([64, 48]);
    await expect(staged).toContainText('photo.png');
    await expect(staged.locator('dd').nth(1)).toHaveText(
      png.length < 1024 ? `${png.length} bytes` : `${(png.length / 1024).toFixed(1).replace(/\.0$/, '')} KB`,
    );
    await expect(staged.locator('dd').nth(2)).toHaveText('image/png');
    await expect(staged.getByTestId('temporary-file-media')).toHaveCount(0); // the cURL reads the person's own file
    await panel.getByLabel('Caption (optional)').fill('A gradient');
    await expect(page.getByRole('region', { name: 'cURL preview' })).toContainText('/api/v1/messages/media');

    await sendArrives(h, panel, number, png, { mediatype: 'image', mimetype: 'image/png', fileName: 'photo.png', caption: 'A gradient' });
  });

  test('a document dropped on the panel arrives as a document', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const pdf = pdfBytes();
    const panel = await openSendTab(page, 'Send Media');
    await panel.getByRole('radio', { name: 'Document' }).check();
    await panel.getByLabel('Recipient number').fill(number);
    await panel.getByLabel('Caption (optional)').fill('');

    await dropFile(panel.getByTestId('drop-zone-media'), { name: 'report.pdf', type: 'application/pdf', bytes: pdf });
    const staged = panel.getByTestId('staged-file-media');
    await expect(staged).toContainText('report.pdf');
    await expect(staged.locator('dd').nth(2)).toHaveText('application/pdf');
    await expect(staged.getByRole('img')).toHaveCount(0);
    // the cURL reads main's temporary copy: the panel says how long that copy lives
    await expect(staged.getByTestId('temporary-file-media')).toContainText('temporary copy');
    await expect(page.getByRole('region', { name: 'cURL preview' })).toContainText('/staging/');

    await sendArrives(h, panel, number, pdf, { mediatype: 'document', mimetype: 'application/pdf', fileName: 'report.pdf' });
  });

  test('an image over 5 MiB dropped on the panel is refused before it is read or uploaded', async () => {
    const h = ctx.h;
    const { page } = h;
    const panel = await openSendTab(page, 'Send Media');
    await panel.getByRole('radio', { name: 'Image' }).check();
    const mark = journalMark(h);
    const stagedBefore = stagedIpcCalls(h.ipcTraffic);

    await dropFile(panel.getByTestId('drop-zone-media'), { name: 'huge.png', type: 'image/png', bytes: pngBytes(4, 4), fillTo: 6 * MIB });
    await expect(panel.getByTestId('file-error-media')).toHaveText('huge.png is 6 MB; images are limited to 5 MB');
    expect(stagedIpcCalls(h.ipcTraffic)).toBe(stagedBefore); // never handed to main
    expect(journalSince(h, mark)).toHaveLength(0);
  });

  test('an image over 5 MiB picked in the dialog is refused at once, naming the limit, with nothing sent', async () => {
    const h = ctx.h;
    const { page } = h;
    const big = pngBytes(1200, 1400, { stored: true });
    expect(big.length).toBeGreaterThan(6 * MIB);
    const mb = (big.length / MIB).toFixed(1).replace(/\.0$/, '');
    h.pickQueue.push(writeMediaFile('big.png', big));

    const panel = await openSendTab(page, 'Send Media');
    await panel.getByRole('radio', { name: 'Image' }).check();
    await panel.getByLabel('Recipient number').fill(uniqueNumber());
    // start from no file (an earlier test of this block left one staged)
    const remove = panel.getByRole('button', { name: 'Remove file' });
    if (await remove.count()) await remove.click();
    await expect(panel.getByTestId('staged-file-media')).toHaveCount(0);
    const mark = journalMark(h);
    await panel.getByRole('button', { name: 'Choose file…' }).click();
    const limitSentence = `big.png is ${mb} MB; images are limited to 5 MB`;
    await expect(panel.getByTestId('file-error-media')).toContainText(limitSentence);
    await expect(panel.getByTestId('staged-file-media')).toHaveCount(0);

    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByText('Choose a file, or drop one on the panel.')).toBeVisible();
    await expect(panel.getByTestId('send-result')).toHaveCount(0);
    expect(journalSince(h, mark)).toHaveLength(0);
  });
});
