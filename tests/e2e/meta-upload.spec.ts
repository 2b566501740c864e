// A Meta-shaped service set up in the window by pasting its playground cURLs (the sandbox's meta
// dialect: Graph paths, a kind key in the body, uploads by multipart, sends by media id): a
// document dropped into Send Media goes up first and is sent by the id the upload answered, and
// a contact outside WhatsApp's 24-hour window gets the service's reason with what to do.
import { expect, test } from '@playwright/test';
import { playgroundTabs, type PlaygroundTab } from '../../src-main/sandbox/index';
import { journalMark, journalSince, openApiTab, openSendTo } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { dropFile, pdfBytes } from './support/media-files';

const LABELS: Partial<Record<PlaygroundTab['id'], string>> = { text: 'Send Text', media: 'Send Media', upload: 'Upload media' };

describeOnOneConsole('a Meta-shaped service, set up in the window from its cURLs', { dialect: 'meta', contacts: 100 }, (ctx) => {
  test('the text, document and upload cURLs are read and saved; the key placement and the upload are said', async () => {
    const { page, sandbox } = ctx.h;
    const edit = await openApiTab(page);
    const operations = edit.getByRole('table', { name: 'Operations' });
    for (const tab of playgroundTabs('meta', sandbox.baseUrl).filter((t) => LABELS[t.id] !== undefined)) {
      const label = LABELS[tab.id]!;
      await operations.getByRole('button', { name: `Edit ${label}` }).click();
      const editor = edit.getByTestId('api-editor');
      await expect(editor.getByRole('heading', { level: 3 })).toContainText(label);
      await editor.getByLabel('Paste the cURL from the service’s playground').fill(tab.curl);
      await editor.getByRole('button', { name: 'Read cURL' }).click();
      await expect(editor.getByRole('table', { name: `Fields of ${label}` })).toBeVisible();
      await expect(editor.getByTestId('credential-placement')).toContainText('Authorization: Bearer <key>');
      if (tab.id === 'upload') await expect(editor.getByTestId('credential-placement')).toContainText('multipart');
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(editor.getByTestId('api-save-status')).toHaveText(`Saved: ${label} now follows this description.`);
      await expect(operations.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })).toContainText(
        'custom',
      );
    }
  });

  test('Send Media offers every kind; a dropped document is uploaded, then sent by its id with its file name', async () => {
    const h = ctx.h;
    const panel = await openSendTo(h.page, 'Send Media', '+1 555 010 2000');
    for (const kind of ['Image', 'Video', 'Document', 'Sticker']) await expect(panel.getByRole('radio', { name: kind })).toBeVisible();
    await panel.getByRole('radio', { name: 'Document' }).check();
    await dropFile(panel.getByTestId('drop-zone-media'), { name: 'Q3 report.pdf', type: 'application/pdf', bytes: pdfBytes('Q3') });
    await expect(panel.getByTestId('staged-file-media')).toContainText('Q3 report.pdf');
    await panel.getByLabel('Caption (optional)').fill('The Q3 report');
    const mark = journalMark(h);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText(/Sent: message wamid\.\S+/);
    const posts = journalSince(h, mark, { method: 'POST' });
    expect(posts.map((p) => p.path.split('/').pop())).toEqual(['media', 'messages']);
    expect(String(posts[0]!.headers['content-type'])).toMatch(/^multipart\/form-data/);
    expect(posts[1]!.json).toMatchObject({
      type: 'document',
      document: { id: expect.stringMatching(/^\d+$/), filename: 'Q3 report.pdf', caption: 'The Q3 report' },
    });
  });

  test("a contact outside the 24-hour window: the service's reason and that a template is needed", async () => {
    const panel = await openSendTo(ctx.h.page, 'Send Text', '+1 555 010 0047');
    await panel.getByLabel('Message text').fill('Are you still there?');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    const error = panel.getByRole('alert');
    await expect(error).toContainText(/24/);
    await expect(error).toContainText(/template/i);
  });
});
