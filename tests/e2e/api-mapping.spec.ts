// Meeting another service by settings alone: the console starts against a sandbox that speaks
// another dialect (desk: green-api / WPPConnect shapes; cloud: Meta's Cloud API shapes), and a
// person teaches the Sandbox profile each operation in Profiles -> Edit -> API by pasting the
// cURL the sandbox's playground shows for its tab. Then the contacts are listed and messages go
// out through the dialect's own routes and field names.
import { expect, test, type Locator } from '@playwright/test';
import { playgroundTabs, type PlaygroundTab, type SandboxDialect, type SandboxRequestRecord } from '../../src-main/sandbox/index';
import { a11yProblems, blocking, formatA11yProblems } from './support/a11y';
import type { ConsoleHarness } from './support/app-harness';
import {
  journalMark,
  journalSince,
  openApiTab,
  editSandboxProfile,
  openSection,
  openSendTo,
  sandboxApi,
  settledCurl,
  uniqueNumber,
} from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { sweep } from './support/keyboard-sweep';
import { overflowOf } from './support/overflow';
import { formatPhone } from '../../src-main/shared/phone-display';

const SCREENS_DIR = 'test-results/screens';

/** The operation each playground tab teaches, as the API tab names it (these dialects have only these tabs). */
const OPERATION_LABEL: Partial<Record<PlaygroundTab['id'], string>> = {
  contacts: 'List contacts',
  text: 'Send Text',
  media: 'Send Media',
  audio: 'Send Audio',
};

interface DialectCase {
  dialect: Exclude<SandboxDialect, 'default'>;
  screenshot: string;
  /** how the mapping editor says a number is written */
  written: string;
  /** the sandbox's first contact, read in the dialect's own shape by the test */
  firstContact: (h: ConsoleHarness) => Promise<{ name: string; number: string }>;
  text: { path: string; body: (number: string, text: string) => Record<string, unknown>; result: RegExp };
  media: { path: string; body: (number: string, url: string, caption: string) => Record<string, unknown>; result: RegExp };
}

const NOT_UNDERSTOOD = 'Sent; the server’s answer was not understood (see the Request log)';

const CASES: DialectCase[] = [
  {
    dialect: 'desk',
    screenshot: 'api-mapping',
    written: '5511999990000@c.us',
    firstContact: async (h) => {
      const r = await sandboxApi<{ contacts: { full_name: string; phone: string }[] }>(h, '/api/v1/contacts?limit=1');
      expect(r.status).toBe(200);
      const c = r.json.contacts[0]!;
      return { name: c.full_name, number: c.phone };
    },
    text: {
      path: '/api/v1/sendMessage',
      body: (number, text) => ({ chatId: `${number}@c.us`, message: text }),
      result: /^\s*Sent: message 3EB0[0-9A-F]+ \(/,
    },
    media: {
      path: '/api/v1/sendFile',
      body: (number, url, caption) => ({ chatId: `${number}@c.us`, file: url, caption }),
      // desk's sendFile answers {"sent":true}: no id, on purpose
      result: new RegExp(`^\\s*${NOT_UNDERSTOOD.replace(/[()]/g, '\\$&')}$`),
    },
  },
  {
    dialect: 'cloud',
    screenshot: 'api-mapping-cloud',
    written: '+5511999990000',
    firstContact: async (h) => {
      const r = await sandboxApi<{ first_name: string; last_name: string; phone_number: string }[]>(h, '/api/v1/contacts?limit=1');
      expect(r.status).toBe(200);
      const c = r.json[0]!;
      // the app writes numbers as digits
      return { name: [c.first_name, c.last_name].filter((p) => p !== '').join(' '), number: c.phone_number.replace(/^\+/, '') };
    },
    text: {
      path: '/api/v1/messages',
      body: (number, text) => ({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `+${number}`,
        type: 'text',
        text: { preview_url: false, body: text },
      }),
      result: /^\s*Sent: message wamid\.\S+ \(/,
    },
    media: {
      path: '/api/v1/messages',
      body: (number, url, caption) => ({
        messaging_product: 'whatsapp',
        to: `+${number}`,
        type: 'document',
        document: { link: url, caption },
      }),
      result: /^\s*Sent: message wamid\.\S+ \(/,
    },
  },
];

/** Sends what the panel holds; checks what it says and that exactly one POST went to `expected.path` and got 200; returns that POST. */
async function sendOnePost(h: ConsoleHarness, panel: Locator, expected: { path: string; result: RegExp }): Promise<SandboxRequestRecord> {
  const mark = journalMark(h);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByTestId('send-result')).toHaveText(expected.result);
  const posts = journalSince(h, mark, { method: 'POST' });
  expect(posts).toHaveLength(1);
  expect(posts[0]!.path).toBe(expected.path);
  expect(posts[0]!.status).toBe(200);
  return posts[0]!;
}

/** The editor of the desk dialect's Send Text with its fields table read, scrolled into view and saved as a screenshot. */
async function showFilledEditor(h: ConsoleHarness, screenshot: string): Promise<void> {
  const { editor } = await readSendText(h, 'desk');
  await editor.getByRole('table', { name: 'Fields of Send Text' }).scrollIntoViewIfNeeded();
  await h.page.screenshot({ path: `${SCREENS_DIR}/${screenshot}.png`, animations: 'disabled' });
}

/** Opens the API tab and reads the dialect's Send Text cURL there; returns the tab, Send Text's playground entry and the editor. */
async function readSendText(h: ConsoleHarness, dialect: SandboxDialect): Promise<{ edit: Locator; text: PlaygroundTab; editor: Locator }> {
  const edit = await openApiTab(h.page);
  const text = playgroundTabs(dialect, h.sandbox.baseUrl).find((t) => t.id === 'text')!;
  return { edit, text, editor: await readTab(edit, text) };
}

/** Picks an operation, pastes the tab's cURL and reads it; returns the editor. */
async function readTab(edit: Locator, tab: PlaygroundTab): Promise<Locator> {
  const label = OPERATION_LABEL[tab.id]!;
  await edit
    .getByRole('table', { name: 'Operations' })
    .getByRole('button', { name: `Edit ${label}` })
    .click();
  const editor = edit.getByTestId('api-editor');
  await expect(editor.getByRole('heading', { level: 3 })).toContainText(label);
  await expect(editor.getByRole('heading', { level: 3 })).toBeFocused();
  await editor.getByLabel('Paste the cURL from the service’s playground').fill(tab.curl);
  await editor.getByRole('button', { name: 'Read cURL' }).click();
  await expect(editor.getByRole('table', { name: `Fields of ${label}` })).toBeVisible();
  // the preview shows the proposed request at the dialect's path, with the key as a variable
  const preview = editor.getByRole('region', { name: 'Request preview' });
  await expect(preview.getByRole('group', { name: 'Endpoint' })).toContainText(`${tab.method} `);
  await expect(preview.getByRole('group', { name: 'Endpoint' })).toContainText(tab.endpoint.split('?')[0]!);
  await expect(preview.getByRole('region', { name: 'cURL preview' })).toHaveAttribute('aria-busy', 'false');
  await expect(preview.getByRole('region', { name: 'cURL preview' })).toContainText('$CRM_API_KEY');
  return editor;
}

for (const c of CASES) {
  describeOnOneConsole(`API mapping (${c.dialect} dialect)`, { dialect: c.dialect, contacts: 1000 }, (ctx) => {
    test('Edit opens on General, whose path overrides are only the key routes', async () => {
      const { page } = ctx.h;
      await openSection(page, 'Profiles');
      const edit = await editSandboxProfile(page);
      await expect(edit.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
      const overrides = edit.getByRole('group', { name: 'Key route overrides' });
      await expect(overrides.getByRole('textbox')).toHaveCount(3);
      await expect(overrides).toContainText('keys.list');
      await expect(overrides).not.toContainText('messages.text');
      if (c.dialect === 'desk') await edit.screenshot({ path: `${SCREENS_DIR}/profile-edit-general.png`, animations: 'disabled' });
    });

    test('each playground cURL is read and saved in Profiles -> Edit -> API', async () => {
      const { page, sandbox } = ctx.h;
      const edit = await openApiTab(page);
      const operations = edit.getByRole('table', { name: 'Operations' });
      for (const name of Object.values(OPERATION_LABEL)) {
        await expect(operations.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })).toContainText(
          'the app’s own API',
        );
      }
      const tabs = playgroundTabs(c.dialect, sandbox.baseUrl);
      expect(tabs.map((t) => t.id)).toEqual(['contacts', 'text', 'media', 'audio']);
      for (const tab of tabs) {
        const editor = await readTab(edit, tab);
        // the example is under the profile's base URL: nothing to offer
        await expect(editor.getByTestId('base-url-offer')).toHaveCount(0);
        if (tab.id !== 'contacts') await expect(editor.getByTestId('number-format')).toContainText(`is sent as ${c.written}`);
        await editor.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(editor.getByTestId('api-save-status')).toHaveText(`Saved: ${OPERATION_LABEL[tab.id]} now follows this description.`);
        const row = operations
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: OPERATION_LABEL[tab.id], exact: true }) });
        await expect(row).toContainText('custom');
        await expect(row).toContainText(`${tab.method} ${tab.endpoint.split('?')[0]}`);
      }
      // List messages was not taught: it keeps docs/API.md's route (every dialect shares it)
      await expect(
        operations.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'List messages', exact: true }) }),
      ).toContainText('the app’s own API');
    });

    test('the mapping editor with a filled table: screenshot, axe, keyboard', async () => {
      const { page } = ctx.h;
      const { editor } = await readSendText(ctx.h, c.dialect);
      const table = editor.getByRole('table', { name: 'Fields of Send Text' });
      // every role control is labelled with its field, and offers "keep as given" plus the operation's roles
      const number = table.getByRole('combobox', { name: c.dialect === 'desk' ? 'What chatId stands for' : 'What to stands for' });
      await expect(number).toHaveValue('number');
      await expect(number.locator('option')).toHaveText([
        'constant (keep as given)',
        'recipient number',
        'message text',
        'quoted message id',
      ]);
      // the editor from its heading down: the pasted cURL, the preview and the filled table
      await editor.evaluate((el) => {
        // scroll the main pane only: scrollIntoView would move the whole window and hide the header
        const main = el.closest('main')!;
        main.scrollTop += el.getBoundingClientRect().top - main.getBoundingClientRect().top - 16;
      });
      await expect(table).toBeInViewport();
      await page.screenshot({ path: `${SCREENS_DIR}/${c.screenshot}.png`, animations: 'disabled' });
      const problems = blocking(await a11yProblems(page, `test-results/a11y/${c.screenshot}.json`));
      expect(problems, formatA11yProblems(`API mapping (${c.dialect})`, problems)).toEqual([]);
      const s = await sweep(page);
      expect(s.missed, 'controls Tab never reaches').toEqual([]);
      expect(s.noRing, 'controls focused without a visible ring').toEqual([]);
    });

    test('a changed role is read again; a cURL that is not one is refused with a reason', async () => {
      const { page, sandbox } = ctx.h;
      const { edit, text, editor } = await readSendText(ctx.h, c.dialect);
      const table = editor.getByRole('table', { name: 'Fields of Send Text' });
      const textField = c.dialect === 'desk' ? 'message' : 'text.body';
      const select = table.getByRole('combobox', { name: `What ${textField} stands for` });
      await select.selectOption({ label: 'constant (keep as given)' });
      const textRow = table.locator(`tr[data-field="${textField}"]`);
      await expect(textRow).toContainText('your choice');
      await expect(editor.getByTestId('api-warnings')).toContainText('message text');
      // saving a description without the message text is refused by the app, and said
      await editor.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(editor.getByTestId('api-save-error')).toContainText('Not saved:');
      await select.selectOption({ label: 'message text' });
      await expect(textRow).not.toContainText('your choice');
      await expect(editor.getByText(/no field is mapped/)).toHaveCount(0);

      await editor.getByLabel('Paste the cURL from the service’s playground').fill('wget https://example.com');
      await editor.getByRole('button', { name: 'Read cURL' }).click();
      await expect(editor.getByTestId('api-read-error')).toContainText('The cURL was not read');
      // another origin than the profile's: the app offers to take it (not taken here)
      await editor
        .getByLabel('Paste the cURL from the service’s playground')
        .fill(text.curl.replace(sandbox.baseUrl, 'https://api.example.com'));
      await editor.getByRole('button', { name: 'Read cURL' }).click();
      await expect(editor.getByTestId('base-url-offer').getByRole('button')).toHaveText(
        'Use https://api.example.com as this profile’s base URL',
      );
      // the saved description is still the one learned before
      await expect(
        edit
          .getByRole('table', { name: 'Operations' })
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: 'Send Text', exact: true }) }),
      ).toContainText(`POST ${text.endpoint}`);
    });

    test('the Contacts screen lists the contacts through the learned request', async () => {
      const h = ctx.h;
      const first = await c.firstContact(h);
      // saving List contacts already read the list again (the screen was loaded at start)
      await openSection(h.page, 'Contacts');
      const row = h.page.locator('[data-testid="contact-row"][data-index="0"]');
      await expect(row.locator('.contact-name')).toHaveText(first.name);
      await expect(row.locator('.contact-number')).toHaveText(formatPhone(first.number));
      await expect(h.page.getByTestId('contacts-total')).toHaveText('1,000 contacts');
      const asked = journalSince(h, 0, { method: 'GET', path: '/api/v1/contacts' }).at(-1)!;
      // the dialect's own query names, never docs/API.md's
      expect(Object.keys(asked.query)).toContain('limit');
      expect(Object.keys(asked.query)).not.toContain('per_page');
    });

    test('Send Text goes out through the dialect’s route and field names', async () => {
      const h = ctx.h;
      const number = uniqueNumber();
      const message = `Hello through ${c.dialect}`;
      const panel = await openSendTo(h.page, 'Send Text', `+${number}`);
      await panel.getByLabel('Message text').fill(message);
      await settledCurl(h.page, c.text.path, message);
      const post = await sendOnePost(h, panel, c.text);
      expect(post.json).toEqual(c.text.body(number, message));
    });

    test('Send Media by URL goes out through the dialect’s route; the panel says what the answer told', async () => {
      const h = ctx.h;
      const number = uniqueNumber();
      const url = 'https://example.com/files/price-list.pdf';
      const caption = `Prices via ${c.dialect}`;
      const panel = await openSendTo(h.page, 'Send Media', number);
      await panel.getByRole('radio', { name: 'Document' }).check();
      await panel.getByRole('radio', { name: 'URL' }).check();
      await panel.getByLabel('Media URL').fill(url);
      await panel.getByLabel('Caption (optional)').fill(caption);
      await settledCurl(h.page, c.media.path, caption);
      const post = await sendOnePost(h, panel, c.media);
      expect(post.json).toMatchObject(c.media.body(number, url, caption));
    });
  });
}

describeOnOneConsole('API mapping in the dark color scheme', { dialect: 'desk', contacts: 100, colorScheme: 'dark' }, (ctx) => {
  test('the editor with a filled table: screenshot and axe', async () => {
    await showFilledEditor(ctx.h, 'api-mapping-dark');
    const problems = blocking(await a11yProblems(ctx.h.page, 'test-results/a11y/api-mapping-dark.json'));
    expect(problems, formatA11yProblems('API mapping (dark)', problems)).toEqual([]);
  });
});

describeOnOneConsole(
  'API mapping in the smallest window at 125% zoom',
  { dialect: 'desk', contacts: 100, zoom: 1.25, window: { width: 720, height: 480 } },
  (ctx) => {
    test('the editor with a filled table fits: nothing is pushed out of the window', async () => {
      await showFilledEditor(ctx.h, 'api-mapping-small');
      const o = await overflowOf(ctx.h.page);
      expect(o.outside, `controls outside the ${o.viewportWidth}px window`).toEqual([]);
      expect(o.pageScrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(o.viewportWidth);
      expect(o.main.scrollWidth, 'the main pane scrolls sideways').toBeLessThanOrEqual(o.main.clientWidth);
    });
  },
);
