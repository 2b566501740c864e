// `crm profiles import-curl` teaches a profile each sandbox dialect from its playground cURLs
// (read on stdin, as a person pipes them), then contacts and sends speak the dialect; with
// CRM_BASE_URL + CRM_API_KEY set, --profile still applies the learned description.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playgroundTabs } from '../../../src-main/sandbox/index';
import type { RunningSandbox, SandboxDialect } from '../../../src-main/sandbox/index';
import { openSandbox, tempDir } from '../helpers/index';
import { lastPostOf } from '../helpers/sandbox';
import { makeOgg, makePng } from '../core/http/support/media-fixtures';
import { runInProcess } from './cli-harness';
import { addProfileAndKey, forgetKeysAndCloseSandboxes } from './sandbox-profile';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-import');

describe.skipIf(!available).each(['cloud', 'desk'] as const)('crm profiles import-curl, %s dialect', (dialect: SandboxDialect) => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  const secrets: string[] = [];
  const crm = (argv: string[], input?: string) => runInProcess(argv, { env, ...(input === undefined ? {} : { input }) });
  const tabs = () => playgroundTabs(dialect, sandbox.baseUrl);
  /** the path of the playground tab's endpoint on this sandbox */
  const tabPath = (id: string): string => new URL(tabs().find((t) => t.id === id)!.url).pathname;

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect, contacts: 30, rate: 1000, burst: 1000 });
    secrets.push(sandbox.adminKey);
    env = { CRM_DATA_DIR: await tempDir(`crm-cli-import-${dialect}-`), CRM_KEYCHAIN_SERVICE: service };
    await addProfileAndKey(env, { name: dialect, url: sandbox.baseUrl, use: true }, 'admin', sandbox.adminKey);
  });

  afterAll(() => forgetKeysAndCloseSandboxes(env, store, secrets));

  it('--dry-run prints the mapping and saves nothing', async () => {
    const text = tabs().find((t) => t.id === 'text')!;
    const run = await crm(['profiles', 'import-curl', '--operation', 'text', '--dry-run'], text.curl);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/FIELD\s+EXAMPLE\s+ROLE/);
    expect(run.stdout).toContain('Dry run: nothing was saved.');
    const shown = await crm(['profiles', 'show', dialect]);
    expect(shown.stdout).toMatch(/Send Text \(the default API, docs\/API\.md\)/);
  });

  it('imports every tab from stdin; show prints the learned description', async () => {
    for (const tab of tabs()) {
      const run = await crm(['profiles', 'import-curl', '--operation', tab.id, '--json'], tab.curl);
      expect(run.code, run.stderr).toBe(0);
      const doc = JSON.parse(run.stdout) as { saved: boolean; proposal: { spec: { path: string } } };
      expect(doc.saved).toBe(true);
      expect(doc.proposal.spec.path).toBe(new URL(tab.url).pathname);
    }
    const shown = await crm(['profiles', 'show', dialect]);
    expect(shown.stdout).not.toMatch(/Send Text \(the default API, docs\/API\.md\)/);
    expect(shown.stdout).toContain(dialect === 'desk' ? '{{number}}@c.us' : '+{{number}}');
  });

  it('contacts and send text then speak the dialect', async () => {
    const contacts = await crm(['contacts', '--per-page', '10', '--page', '2', '--json']);
    expect(contacts.code, contacts.stderr).toBe(0);
    expect((JSON.parse(contacts.stdout) as { items: unknown[] }).items).toHaveLength(10);
    const sent = await crm(['send', 'text', '--to', '+55 11 91234-5678', '--text', 'from the command line', '--json']);
    expect(sent.code, sent.stderr).toBe(0);
    const post = lastPostOf(sandbox);
    expect(post.path).toBe(tabPath('text'));
    expect(JSON.stringify(post.json)).toContain(dialect === 'desk' ? '"chatId":"5511912345678@c.us"' : '"to":"+5511912345678"');
  });

  it("send media and audio by URL and by file go to the dialect's routes", async () => {
    const dir = await tempDir(`crm-cli-media-${dialect}-`);
    const png = join(dir, 'dot.png');
    const ogg = join(dir, 'note.ogg');
    await writeFile(png, makePng(2, 2));
    await writeFile(ogg, makeOgg());
    const runs = [
      [
        'send',
        'media',
        '--to',
        '5511912345678',
        '--type',
        'document',
        '--url',
        'https://example.com/files/a.pdf',
        '--caption',
        'cap',
        '--json',
      ],
      ['send', 'media', '--to', '5511912345678', '--type', 'image', '--file', png, '--json'],
      ['send', 'audio', '--to', '5511912345678', '--url', 'https://example.com/audio/n.ogg', '--json'],
      ['send', 'audio', '--to', '5511912345678', '--file', ogg, '--json'],
    ];
    for (const [i, argv] of runs.entries()) {
      const run = await crm(argv);
      // Cloud-API-shaped media objects take a link, or the id of an upload this profile was not taught
      if (dialect === 'cloud' && argv.includes('--file')) {
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/takes a file only after an upload, and this profile has no Upload media operation/);
        continue;
      }
      expect(run.code, run.stderr).toBe(0);
      const post = lastPostOf(sandbox);
      expect(post.path).toBe(tabPath(i < 2 ? 'media' : 'audio'));
      expect(post.status).toBeLessThan(300);
    }
  });

  it('a key without messages:send: a 403 naming the permission, exit 1', async () => {
    const weak = sandbox.createKey('reader', ['contacts:read']);
    secrets.push(weak.key);
    const run = await runInProcess(['send', 'text', '--to', '5511912345679', '--text', 'x', '--profile', dialect], {
      env: { ...env, CRM_BASE_URL: sandbox.baseUrl, CRM_API_KEY: weak.key },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/lacks permission for Send Text \(needs messages:send\)\. The server says: /);
  });

  it('--map fixes a guess; an unknown role is a usage error', async () => {
    const contactsTab = tabs().find((t) => t.id === 'contacts')!;
    const pageSize = dialect === 'desk' ? 'limit' : 'limit';
    const run = await crm(
      ['profiles', 'import-curl', '--operation', 'contacts', '--map', `constant=${pageSize}`, '--dry-run', '--json'],
      contactsTab.curl,
    );
    expect(run.code, run.stderr).toBe(0);
    const rows = (JSON.parse(run.stdout) as { proposal: { rows: { field: string; role: string | null }[] } }).proposal.rows;
    expect(rows.find((r) => r.field === pageSize)?.role).toBeNull();
    const bad = await crm(['profiles', 'import-curl', '--operation', 'contacts', '--map', 'colour=limit'], contactsTab.curl);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a role/);
  });

  it('a pasted text that is not a cURL fails with the reason and exit 1', async () => {
    const run = await crm(['profiles', 'import-curl', '--operation', 'text'], 'wget https://example.com | sh');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cURL could not be read/);
  });

  it('with CRM_BASE_URL and CRM_API_KEY, --profile still applies the learned description', async () => {
    const run = await runInProcess(['send', 'text', '--to', '5511912345679', '--text', 'env mode', '--profile', dialect, '--json'], {
      env: { ...env, CRM_BASE_URL: sandbox.baseUrl, CRM_API_KEY: sandbox.adminKey },
    });
    expect(run.code, run.stderr).toBe(0);
    const post = lastPostOf(sandbox);
    expect(post.path).toBe(tabPath('text'));
  });
});
