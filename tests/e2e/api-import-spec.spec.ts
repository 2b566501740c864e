// A person teaches the Sandbox profile Send Text from the service's API document instead of a
// pasted cURL: the sandbox speaks the evolution-v2 dialect, the document (a small OpenAPI file
// of this suite's own) is picked in main's file dialog, Send Text is mapped to its send-text
// operation, the instance it leaves open is typed, Read shows the proposal in Send Text's
// editor, Save keeps it, and a text goes out in the dialect's shape with the key in `apikey`.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import { editSandboxProfile, journalMark, journalSince, openSection, openSendTo, settledCurl, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const DOCUMENT = fileURLToPath(new URL('../fixtures/specs/evolution-send-text.json', import.meta.url));
const SEND_TEXT = 'POST /message/sendText/{instance}';

describeOnOneConsole('importing an API document (evolution-v2 dialect)', { dialect: 'evolution-v2', contacts: 100 }, (ctx) => {
  test('Send Text is read from the picked document, reviewed, saved and used', async () => {
    const h = ctx.h;
    const { page } = h;
    await openSection(page, 'Profiles');
    const edit = await editSandboxProfile(page);
    await edit.getByRole('tab', { name: 'API' }).click();
    await expect(edit.getByRole('table', { name: 'Operations' })).toBeVisible();

    const region = edit.getByRole('region', { name: 'Import an API document' });
    const toggle = region.getByRole('button', { name: 'Import an API document' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // main's dialog answers with the fixture's path; the window never sees it
    h.pickQueue.push(DOCUMENT);
    await region.getByRole('button', { name: 'Choose a file…' }).click();
    await expect(region.getByTestId('api-import-loaded')).toHaveText(/^OpenAPI: .* \(2 operations\)$/);
    await expect(region.getByRole('list', { name: 'About the document' })).toContainText('apikey');
    expect(h.ipcTraffic.some((t) => t.includes('"openapi":"3.0.3"'))).toBe(false);
    expect(h.ipcTraffic.some((t) => t.includes(DOCUMENT))).toBe(false);

    const sendText = region.getByLabel('Send Text', { exact: true });
    await sendText.selectOption(SEND_TEXT);
    await expect(region.getByRole('group', { name: 'Values the document leaves open' })).toBeVisible();
    await region.getByLabel('instance', { exact: true }).fill('sandbox');
    const problems = blocking(await a11yProblems(page, 'test-results/a11y/api-import-spec.json'));
    expect(problems, formatA11yProblems('API document import', problems)).toEqual([]);
    await region.getByRole('button', { name: 'Read', exact: true }).click();

    // focus moves to Send Text's editor, which shows the proposal and its request
    const editor = edit.getByTestId('api-editor');
    await expect(editor.getByRole('heading', { level: 3 })).toContainText('Send Text');
    await expect(editor.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(editor.getByRole('table', { name: 'Fields of Send Text' })).toBeVisible();
    const preview = editor.getByRole('region', { name: 'Request preview' });
    await expect(preview.getByRole('group', { name: 'Endpoint' })).toContainText('POST ');
    await expect(preview.getByRole('group', { name: 'Endpoint' })).toContainText('/message/sendText/sandbox');
    await expect(preview.getByRole('region', { name: 'cURL preview' })).toContainText('apikey: $CRM_API_KEY');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByTestId('api-save-status')).toHaveText('Saved: Send Text now follows this description.');
    const textRow = edit
      .getByRole('table', { name: 'Operations' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Send Text', exact: true }) });
    await expect(textRow).toContainText('POST /message/sendText/sandbox');
    await expect(textRow).toContainText('custom');

    const number = uniqueNumber();
    const message = 'Hello from an imported document';
    const panel = await openSendTo(page, 'Send Text', `+${number}`);
    await panel.getByLabel('Message text').fill(message);
    await settledCurl(page, '/message/sendText/sandbox', message);
    const mark = journalMark(h);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(panel.getByTestId('send-result')).toContainText('Sent');
    const posts = journalSince(h, mark, { method: 'POST' });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/message/sendText/sandbox');
    expect(posts[0]!.status).toBeLessThan(300);
    expect(posts[0]!.json).toEqual({ number, text: message });
    // the key where the document's security scheme puts it, and nowhere else
    expect(posts[0]!.headers.apikey).toBe(h.sandbox.adminKey);
    expect(posts[0]!.headers.authorization).toBeUndefined();
  });
});
