// The admin's Keys screen, against the sandbox and the real keychain: a key created on the server
// is shown ONCE (masked, Reveal, Copy that works or says why, Close that asks) and is nowhere in
// the page once the panel closes; the revoke dialog names the key (last four, dates, the profiles
// using it), asks for the last four of a key in use, and can switch the profile to another key
// first. The only reply that may carry the created value is keys:reveal-new, once.
import { expect, test, type Page } from '@playwright/test';
import { CrmError } from '../../src-main/core/errors';
import type { CrmApi } from '../../src-main/ipc/contract';
import { expectAccessible } from './support/a11y';
import type { ConsoleHarness } from './support/app-harness';
import { openSection, sandboxApi } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';
import { activateKey, addServerKeyThroughForm, cellUnder, keyIdOf, keyRow, showKeys } from './support/keys-screen';

const NO_CLIPBOARD = 'Copying needs a clipboard program here: install xclip, xsel or wl-clipboard, then try again.';

/** The harness's clipboard refuses writes, as the Chromium host's does without a clipboard program. */
function breakClipboard(h: ConsoleHarness): () => void {
  let text = h.clipboard.text;
  Object.defineProperty(h.clipboard, 'text', {
    configurable: true,
    get: () => text,
    set: () => {
      throw new CrmError('internal', NO_CLIPBOARD);
    },
  });
  return () => {
    delete (h.clipboard as { text?: string }).text;
    h.clipboard.text = text;
    text = '';
  };
}

/** Everything the window could hold or say, as text: the DOM with form values, storage, console. */
async function pageText(h: ConsoleHarness): Promise<string> {
  const inPage = await h.page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, select')].map((e) => (e as HTMLInputElement).value);
    return [
      document.documentElement.outerHTML,
      values.join('\n'),
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
    ].join('\n');
  });
  return `${inPage}\n${h.console.join('\n')}`;
}

async function createServerKey(page: Page, name: string) {
  await openSection(page, 'Keys');
  const form = page.getByRole('form', { name: 'Create a key on the server' });
  await form.getByLabel('Name for the new server key').fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByRole('region', { name: `New key “${name}”` });
  await expect(panel).toBeVisible();
  return panel;
}

describeOnOneConsole('a new key shown once, and a revoke dialog that names the key', (ctx) => {
  test('a created key is shown masked; Reveal shows the value the server made; a second fetch is refused', async () => {
    const h = ctx.h;
    const { page } = h;
    h.clipboard.text = '';
    const panel = await createServerKey(page, 'e2e shown once');
    await expect(panel).toContainText('Copy it now: you will not see it again');
    const value = panel.getByTestId('created-key-value');
    await expect(value).toHaveText(/^•{8,}$/);
    // the one chance to copy is focused
    await expect(panel.getByRole('button', { name: 'Copy' })).toBeFocused();
    await expectAccessible(page, 'created-key-panel');

    const reveal = panel.getByRole('button', { name: 'Reveal' });
    await expect(reveal).toHaveAttribute('aria-pressed', 'false');
    await reveal.click();
    await expect(reveal).toHaveAttribute('aria-pressed', 'true');
    const shown = ((await value.textContent()) ?? '').trim();
    expect(shown.length).toBeGreaterThanOrEqual(8);
    // it is the key the server made and the keychain holds: it works there, and its last four are the saved row's
    expect((await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: shown })).status).toBe(200);
    const localId = await keyIdOf(keyRow(page, 'e2e shown once'));
    await expect(page.getByTestId(`key-fingerprint-${localId}`)).toHaveText(new RegExp(`…${shown.slice(-4)}$`));
    // masked again on a second press
    await reveal.click();
    await expect(value).toHaveText(/^•{8,}$/);
    expect(await pageText(h)).not.toContain(shown);

    // main hands it out once: asked again directly, it refuses
    const again = await page.evaluate((id) => (window as unknown as { crm: CrmApi }).crm['keys:reveal-new']({ id }), localId);
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(JSON.stringify(again)).not.toContain(shown);

    // a copy that fails says why and leaves the value on screen; tried again, it works
    const restore = breakClipboard(h);
    try {
      await panel.getByRole('button', { name: 'Copy' }).click();
      await expect(panel.getByTestId('created-key-copy-error')).toContainText(NO_CLIPBOARD);
    } finally {
      restore();
    }
    await expect(value).toBeVisible();
    await reveal.click();
    await expect(value).toHaveText(shown);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await expect(panel).toContainText(/Copied; clipboard clears in \d+ s/);
    expect(h.clipboard.text).toBe(shown);
    h.clipboard.text = '';

    // closing asks; Escape keeps it open
    await panel.getByRole('button', { name: 'Close' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Close the new key “e2e shown once”?' });
    await expect(ask).toContainText('not shown again');
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(value).toHaveText(shown);
    await panel.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);

    // gone from the page; the one reply that carried it was keys:reveal-new, once
    expect(await pageText(h)).not.toContain(shown);
    const carrying = h.ipcTraffic.filter((t) => t.includes(shown));
    expect(carrying).toHaveLength(1);
    expect(JSON.parse(carrying[0]!)).toMatchObject({ channel: 'keys:reveal-new', result: { ok: true } });
  });

  test('closing a key that was never copied asks "Close without copying?"', async () => {
    const h = ctx.h;
    const { page } = h;
    const panel = await createServerKey(page, 'e2e never copied');
    await expect(panel.getByTestId('created-key-value')).toHaveText(/^•{8,}$/);
    await panel.getByRole('button', { name: 'Close' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Close without copying?' });
    await expect(ask).toContainText('“e2e never copied” was never copied');
    // a stern question opens on its way out: Keep it open
    await expect(ask.getByRole('button', { name: 'Keep it open' })).toBeFocused();
    await ask.getByRole('button', { name: 'Close without copying' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('created-key-value')).toHaveCount(0);
    expect(h.clipboard.text).toBe('');
  });

  test('the revoke dialog names a key not in use; the simple confirm revokes it', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key, row } = await addServerKeyThroughForm(h, 'e2e spare', ['contacts:read']);
    // the revoked keys stay in view from here on (Live drops one once its revocation is done)
    await showKeys(page, 'All');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “e2e spare”?' });
    await expect(dialog.getByTestId('revoke-key-label')).toHaveText(`…${key.key.slice(-4)}`);
    await expect(dialog.getByTestId('revoke-key-created')).toHaveText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(dialog.getByTestId('revoke-key-last-used')).toHaveText('never');
    await expect(dialog.getByTestId('revoke-key-used-by')).toHaveText('no profile');
    await expect(dialog.getByTestId('revoke-type-last-four')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(await cellUnder(row, 'State')).toContainText(/^revoked /);
  });

  test('the key in use: the dialog says what stops working and needs its last four typed', async () => {
    const h = ctx.h;
    const { page } = h;
    const admin = h.sandbox.adminKey;
    await openSection(page, 'Keys');
    await keyRow(page, 'Sandbox admin').getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “Sandbox admin”?' });
    await expect(dialog.getByTestId('revoke-key-label')).toHaveText(new RegExp(`…${admin.slice(-4)}$`));
    await expect(dialog.getByTestId('revoke-key-used-by')).toHaveText('Sandbox (this window’s profile)');
    await expect(dialog).toContainText('The profile Sandbox uses this key: its requests will be refused until you choose another key.');
    await expect(dialog.getByRole('combobox', { name: 'Switch Sandbox to…' })).toBeVisible();
    const typed = dialog.getByRole('textbox', { name: /Type the key’s last 4 characters/ });
    await expect(typed).toBeFocused();
    const confirm = dialog.getByRole('button', { name: 'Revoke' });
    await expect(confirm).toBeDisabled();
    await typed.fill('nope');
    await expect(confirm).toBeDisabled();
    await typed.fill(admin.slice(-4));
    await expect(confirm).toBeEnabled();
    await expectAccessible(page, 'revoke-dialog-in-use');
    // Escape cancels, focus returns to the row's Revoke, nothing changed
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(keyRow(page, 'Sandbox admin').getByRole('button', { name: 'Revoke' })).toBeFocused();
    await expect(await cellUnder(keyRow(page, 'Sandbox admin'), 'State')).toHaveText('active');

    // the server key list names it the same way (not "sandbox admin (—)")
    const listed = await sandboxApi<{ data: { id: string; name: string }[] }>(h, '/api/v1/api-keys');
    const serverAdmin = listed.json.data.find((k) => k.name === 'sandbox admin')!;
    await page.getByTestId(`server-key-revoke-${serverAdmin.id}`).click();
    const serverDialog = page.getByRole('alertdialog', { name: 'Revoke server key “sandbox admin”?' });
    await expect(serverDialog.getByTestId('revoke-key-label')).toHaveText(new RegExp(`…${admin.slice(-4)}$`));
    await expect(serverDialog.getByTestId('revoke-key-used-by')).toHaveText('Sandbox (this window’s profile)');
    await expect(serverDialog.getByRole('button', { name: 'Revoke' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(serverDialog).toBeHidden();
  });

  test('"Switch Sandbox to…" switches the profile first, then revokes', async () => {
    const h = ctx.h;
    const { page } = h;
    const { key } = await addServerKeyThroughForm(h, 'e2e current', ['contacts:read', 'messages:send']);
    await activateKey(page, 'e2e current');
    const row = keyRow(page, 'e2e current');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke key “e2e current”?' });
    const choice = dialog.getByRole('combobox', { name: 'Switch Sandbox to…' });
    // the profile's other live keys, never a revoked one
    const options = await choice.getByRole('option').allTextContents();
    expect(options).toContain(`Sandbox admin (…${h.sandbox.adminKey.slice(-4)})`);
    expect(options.some((o) => o.startsWith('e2e spare'))).toBe(false);
    await choice.selectOption({ label: `Sandbox admin (…${h.sandbox.adminKey.slice(-4)})` });
    await dialog.getByRole('textbox', { name: /Type the key’s last 4 characters/ }).fill(key.key.slice(-4));
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('active-key')).toContainText('Sandbox admin');
    await expect(await cellUnder(row, 'State')).toContainText(/^revoked /);
    await expect
      .poll(async () => (await sandboxApi(h, '/api/v1/contacts?per_page=1', { key: key.key })).status, { timeout: 15_000 })
      .toBe(401);
    // the profile works on with the key it was switched to
    expect((await h.core.profiles.list()).profiles.find((p) => p.name === 'Sandbox')?.activeKeyId).toBe(
      await keyIdOf(keyRow(page, 'Sandbox admin')),
    );
  });
});
