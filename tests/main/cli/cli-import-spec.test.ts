// `crm profiles import-spec` run in-process: --list prints a document's operations; --use teaches
// several at once (printed as import-curl prints them), --absent records what the service lacks,
// and an operation that cannot be used (a multipart body) saves nothing and exits 1.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './cli-harness';
import { openProfileFolder } from './spec-folder';

const SPECS = fileURLToPath(new URL('../../fixtures/specs/', import.meta.url));
const CLOUD = join(SPECS, 'cloud-style.yaml');

describe('crm profiles import-spec', () => {
  let env: Record<string, string>;
  const crm = (argv: string[]) => runInProcess(argv, { env });
  const importCloud = (...args: string[]) => crm(['profiles', 'import-spec', CLOUD, ...args]);

  beforeAll(async () => {
    env = await openProfileFolder('cli-spec', { name: 'cloud', url: 'https://graph.chat.example' });
  });

  it("--list prints each operation's ID, summary and server", async () => {
    const run = await importCloud('--list');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('OpenAPI: Chat Cloud (test fixture) (3 operations)');
    expect(run.stdout).toMatch(/POST \/\{Phone-Number-ID\}\/messages\s+Send a message\s+https:\/\/graph\.chat\.example\/v19\.0/);
    const json = JSON.parse((await importCloud('--list', '--json')).stdout) as { candidates: { id: string }[] };
    expect(json.candidates.map((c) => c.id)).toContain('GET /contacts');
  });

  it('--dry-run prints one mapping table per operation and saves nothing', async () => {
    const run = await importCloud(
      '--use',
      'text=POST /{Phone-Number-ID}/messages',
      '--use',
      'media=POST /{Phone-Number-ID}/messages',
      '--dry-run',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/FIELD\s+EXAMPLE\s+ROLE/g)).toHaveLength(2);
    expect(run.stdout).toContain('Send Text from POST /{Phone-Number-ID}/messages');
    expect(run.stdout).toMatch(/image\.link\s+https:\/\/cdn\.chat\.example\/cat\.png\s+media/);
    expect(run.stdout).toContain('Dry run: nothing was saved.');
    expect((await crm(['profiles', 'show', 'cloud'])).stdout).toMatch(/Send Text \(the default API, docs\/API\.md\)/);
  });

  it('saves every --use and records --absent', async () => {
    const run = await importCloud(
      '--use',
      'text=POST /{Phone-Number-ID}/messages',
      '--use',
      'contacts=GET /contacts',
      '--absent',
      'messages',
      '--json',
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { saved: boolean; operations: { operation: string }[]; absent: string[] };
    expect(doc.saved).toBe(true);
    expect(doc.operations.map((o) => o.operation)).toEqual(['messages.text', 'contacts.list']);
    expect(doc.absent).toEqual(['messages.list']);
    const shown = (await crm(['profiles', 'show', 'cloud'])).stdout;
    expect(shown).not.toMatch(/Send Text \(the default API, docs\/API\.md\)/);
    expect(shown).toContain('/v19.0/1029384756/messages');
  });

  it('a multipart operation saves nothing, says why, and exits 1', async () => {
    const run = await importCloud('--use', 'audio=POST /{Phone-Number-ID}/messages', '--use', 'media=POST /{Phone-Number-ID}/media');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/multipart\/form-data .*not supported yet/);
    expect(run.stdout).toContain('Nothing was saved');
  });

  it('mistakes in the command line are usage errors (exit 2)', async () => {
    expect((await importCloud()).stderr).toMatch(/give --list, or at least one --use OP=ID or --absent OP/);
    const bad = await importCloud('--use', 'fax=GET /contacts');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"fax" is not an operation/);
    expect((await crm(['profiles', 'import-spec', join(SPECS, 'nope.yaml'), '--list'])).stderr).toMatch(/There is no file/);
  });
});
