// `crm contacts --search` on a service that cannot search (an Evolution-shaped profile imported
// from an OpenAPI document whose findContacts body takes no search term): real crm processes
// refuse with the reason and exit 2 instead of printing every contact as matches; --local
// searches the page fetched and says so; --per-page is held to even though the service answers
// every contact at once. Run inside the keyring harness after the CLI build.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import type { ContactPage } from '../../../src-main/shared/model';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { evolutionContacts } from '../helpers/evolution-contacts';
import { forgetListedKeys, runInProcess, spawnCli } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-contacts-search');
const FIXTURE = join(__dirname, '../../fixtures/specs/evolution-style.json');
const CONTACTS = 12;

describe.skipIf(!available)('crm contacts --search on a service that cannot search', () => {
  let sandbox: RunningSandbox;
  let env: Record<string, string>;
  let names: string[];

  beforeAll(async () => {
    sandbox = await openSandbox({ dialect: 'evolution-v2', contacts: CONTACTS, rate: 1000, burst: 1000 });
    env = { CRM_DATA_DIR: await tempDir('crm-contacts-search-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await runInProcess(['profiles', 'add', '--name', 'Evo', '--url', sandbox.baseUrl], { env })).code).toBe(0);
    expect((await runInProcess(['keys', 'add', '--name', 'apikey'], { env, input: sandbox.adminKey })).code).toBe(0);
    const use = 'contacts=POST /chat/findContacts/{instance}';
    const taught = await runInProcess(['profiles', 'import-spec', FIXTURE, '--use', use, '--var', 'instance=sandbox'], { env });
    expect(taught.code, taught.stderr).toBe(0);
    names = (await evolutionContacts(sandbox)).map((c) => c.pushName);
  });

  afterAll(async () => {
    await forgetListedKeys(() => runInProcess(['keys', 'list', '--json'], { env }), store);
    await closeSandboxes();
  });

  it('refuses with the reason and exit 2, printing no contact', async () => {
    const run = await spawnCli(['contacts', '--search', names[3]!, '--per-page', '3'], { env });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/This service cannot search: its contacts listing takes no search term .*Add --local/);
    const json = await runInProcess(['contacts', '--search', names[3]!, '--json'], { env });
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stdout) as { error: { code: string } }).error.code).toBe('search_unsupported');
  });

  it('--local searches the page fetched, and says so', async () => {
    const run = await spawnCli(['contacts', '--search', names[3]!, '--local'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`note: searched the ${CONTACTS} contacts fetched here (page 1); this service cannot search`);
    expect(run.stdout).toContain(names[3]!);
    const other = names.find((n) => !n.includes(names[3]!.split(' ')[0]!) && !names[3]!.includes(n.split(' ')[0]!));
    if (other !== undefined) expect(run.stdout).not.toContain(other);
    const json = JSON.parse((await runInProcess(['contacts', '--search', names[3]!, '--local', '--json'], { env })).stdout) as ContactPage;
    expect(json.items.map((c) => c.name)).toContain(names[3]!);
    expect(json.items.length).toBeLessThan(CONTACTS);
  });

  it('never prints more rows than --per-page, and page 2 holds the next ones', async () => {
    const listed = async (...args: string[]): Promise<ContactPage> =>
      JSON.parse((await runInProcess(['contacts', '--per-page', '3', ...args, '--json'], { env })).stdout) as ContactPage;
    const first = await listed();
    const second = await listed('--page', '2');
    expect(first.items.map((c) => c.name)).toEqual(names.slice(0, 3));
    expect(second.items.map((c) => c.name)).toEqual(names.slice(3, 6));
    expect(first.hasMore).toBe(true);
  });
});
