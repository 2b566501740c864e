// Live profiles, the window's own profile, who made each send, and changes from another process,
// in the real window against the real sandbox with real `crm` processes on the same data folder:
// - a `crm send text` shows in the open conversation, the inbox and the request log with no click;
// - each send says who made it (crm, the window);
// - a profile marked live is named "live" in the header, and the first send on it asks once
//   (Escape cancels, Enter confirms), naming the profile and the recipient;
// - switching the profile in the window leaves `crm`'s, and each side shows the other's;
// - "New profile from a cURL" offers Send Template, Upload media and Check key.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openConversation } from './support/conversation-steps';
import { draftTextTo, journalMark, journalSince, openSection, uniqueNumber } from './support/fixtures';
import { describeOnOneConsole } from './support/console-describe';

const BIN = fileURLToPath(new URL('../../bin/crm.mjs', import.meta.url));

/** a real `crm` process (the built CLI) on the window's data folder and keychain */
function crm(env: Record<string, string>, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const childEnv = { ...process.env, ...env, NO_COLOR: '1' };
    const child = spawn(process.execPath, [BIN, ...argv], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] as const });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describeOnOneConsole('live profiles and other processes', { contacts: 10 }, (ctx) => {
  test('a crm send shows in the open conversation, the inbox and the request log without a click, labelled by who sent it', async () => {
    const h = ctx.h;
    const { page } = h;
    const number = uniqueNumber();
    const panel = await openConversation(page, number);
    const text = `from the terminal ${Date.now()}`;
    const sent = await crm(h.crmEnv, ['send', 'text', '--to', number, '--text', text]);
    expect(sent.code, sent.stderr).toBe(0);
    // no click, no reload: the window hears the other process's write
    const line = panel.getByTestId('conversation-out').filter({ hasText: text });
    await expect(line).toBeVisible();
    await expect(line.getByTestId('line-sender')).toHaveText('Sent by crm');

    const reply = `from the window ${Date.now()}`;
    await panel.getByLabel('Reply').fill(reply);
    await panel.getByRole('button', { name: 'Send reply' }).click();
    const replyLine = panel.getByTestId('conversation-out').filter({ hasText: reply });
    await expect(replyLine.getByTestId('line-sender')).toHaveText('Sent from the window');

    await openSection(page, 'Conversations');
    const other = uniqueNumber();
    const second = `second from the terminal ${Date.now()}`;
    expect((await crm(h.crmEnv, ['send', 'text', '--to', other, '--text', second])).code).toBe(0);
    await expect(page.getByTestId('inbox-row').filter({ hasText: second })).toHaveCount(1);

    await openSection(page, 'Request log');
    const rowsBefore = await page.getByTestId('log-row').count();
    expect((await crm(h.crmEnv, ['send', 'text', '--to', other, '--text', 'third'])).code).toBe(0);
    await expect(page.getByTestId('log-row')).toHaveCount(rowsBefore + 1);
    await expect(page.getByTestId('log-row').first()).toContainText('crm');
  });

  test('a live profile: "live" in the header; its first send asks once (Escape cancels, Enter sends)', async () => {
    const h = ctx.h;
    const { page } = h;
    await openSection(page, 'Profiles');
    const sandboxProfile = (await h.core.profiles.list()).profiles.find((p) => p.sandbox);
    await page.getByTestId(`live-toggle-${sandboxProfile!.id}`).check();
    const header = page.getByTestId('active-profile');
    await expect(header.getByTestId('live-badge')).toHaveText('live');

    const number = uniqueNumber();
    const panel = await draftTextTo(page, number, 'to a live profile');
    const mark = journalMark(h);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Live profile' });
    await expect(dialog).toContainText(`"${sandboxProfile!.name}"`);
    await expect(dialog).toContainText(number);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(journalSince(h, mark, { method: 'POST' })).toHaveLength(0);

    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('send-result')).toContainText(/Sent: message/);
    // asked once: the next send on the live profile goes at once
    await panel.getByLabel('Message text').fill('again on the live profile');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('send-result')).toContainText(/Sent: message/);
    await expect(dialog).toHaveCount(0);
    expect(journalSince(h, mark, { method: 'POST' })).toHaveLength(2);

    // crm names the live profile and refuses a script without --yes
    const refused = await crm(h.crmEnv, ['send', 'text', '--to', number, '--text', 'scripted']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Live profile: "${sandboxProfile!.name}"`);
    await openSection(page, 'Profiles');
    await page.getByTestId(`live-toggle-${sandboxProfile!.id}`).uncheck();
    await expect(header.getByTestId('live-badge')).toHaveCount(0);
  });

  test("switching the window's profile leaves crm's; each side shows the other's", async () => {
    const h = ctx.h;
    const { page } = h;
    const before = await h.core.profiles.list();
    const terminalName = before.profiles.find((p) => p.id === before.terminalProfileId)!.name;
    const made = await crm(h.crmEnv, ['profiles', 'add', '--name', 'Second service', '--url', 'https://second.example.com', '--json']);
    expect(made.code, made.stderr).toBe(0);
    await page.getByRole('combobox', { name: 'Switch profile' }).selectOption({ label: 'Second service' });
    await expect(page.getByTestId('active-profile')).toContainText('Second service');
    await expect(page.getByTestId('terminal-profile')).toContainText(terminalName);
    const listed = await crm(h.crmEnv, ['profiles', 'list']);
    expect(listed.stdout).toContain('The window works with "Second service"');
    expect(listed.stdout).toMatch(new RegExp(`^\\*\\s+${terminalName}`, 'm'));
    await page.getByRole('combobox', { name: 'Switch profile' }).selectOption({ label: terminalName });
    await expect(page.getByTestId('terminal-profile')).toHaveCount(0);
  });

  test('New profile from a cURL offers Send Template, Upload media and Check key', async () => {
    const { page } = ctx.h;
    await openSection(page, 'Profiles');
    const form = page.getByRole('form', { name: 'New profile from a cURL' });
    const select = form.getByLabel('What this cURL does');
    for (const label of ['Send Template', 'Upload media', 'Check key']) {
      await expect(select.getByRole('option', { name: label })).toHaveCount(1);
    }
    await select.selectOption({ label: 'Check key' });
    await expect(select).toHaveValue('keys.check');
  });
});
