// crm profiles import-curl --operation template-create|template-edit|template-delete teaches a
// profile Meta's template management from the pasted cURLs (sandbox's Meta dialect, real HTTP,
// real keychain); crm templates --json then says management is learned instead of inferred, and
// create, edit and delete go through them. An unknown operation name is refused with the names.
import { beforeAll, describe, expect, it } from 'vitest';
import { vendorFolderForSuite } from './sandbox-folder';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-templates-learned');
const LISTING = '/v23.0/102290129340398/message_templates';
const TOKEN = 'EAAG_PLACEHOLDER_FOR_THE_DOCS';

describe.skipIf(!available)('template management learned with crm profiles import-curl', () => {
  const folder = vendorFolderForSuite('cli-templates-learned', { service, store }, 'meta', { contacts: 5 });
  const { crm } = folder;
  const management = async (): Promise<unknown> => {
    const run = await crm(['templates', '--json']);
    expect(run.code, run.stderr).toBe(0);
    return (JSON.parse(run.stdout) as { management: unknown }).management;
  };

  beforeAll(async () => {
    const listing = `curl '${folder.sandbox.baseUrl}${LISTING}?fields=name,language,status,category' -H 'Authorization: Bearer ${TOKEN}'`;
    expect((await crm(['profiles', 'import-curl', '--operation', 'templates'], listing)).code).toBe(0);
  });

  it('an unknown operation name is refused with the names there are, and nothing is learned', async () => {
    const run = await crm(
      ['profiles', 'import-curl', '--operation', 'template-remove'],
      `curl -X DELETE '${folder.sandbox.baseUrl}${LISTING}'`,
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('template-delete');
    expect(await management()).toBe('inferred');
  });

  it('learns the three operations; create, edit and delete then go through them', async () => {
    const base = `${folder.sandbox.baseUrl}/v23.0`;
    const auth = `-H 'Authorization: Bearer ${TOKEN}' -H 'Content-Type: application/json'`;
    const body = `{"name":"spare_parts","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"Part {{1}} is in"}]}`;
    const examples: [string, string][] = [
      ['template-create', `curl -X POST '${base}/102290129340398/message_templates' ${auth} -d '${body}'`],
      [
        'template-edit',
        `curl -X POST '${base}/8800000000000001' ${auth} -d '{"components":[{"type":"BODY","text":"Part {{1}} arrived"}]}'`,
      ],
      [
        'template-delete',
        `curl -X DELETE '${base}/102290129340398/message_templates?name=spare_parts' -H 'Authorization: Bearer ${TOKEN}'`,
      ],
    ];
    for (const [operation, curl] of examples) {
      const run = await crm(['profiles', 'import-curl', '--operation', operation, '--json'], curl);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toContain(TOKEN);
    }
    expect(await management()).toBe('learned');

    const common = ['--language', 'en_US', '--category', 'UTILITY', '--sample', 'B-12'];
    const created = await crm(['templates', 'create', '--name', 'bike_parts', '--body', 'Part {{1}} is in', ...common]);
    expect(created.code, created.stderr).toBe(0);
    const posted = folder.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && r.path === LISTING)
      .at(-1);
    expect(posted?.json).toMatchObject({ name: 'bike_parts', language: 'en_US', category: 'UTILITY' });

    const edited = await crm(['templates', 'edit', '--name', 'bike_parts', '--body', 'Part {{1}} arrived', ...common]);
    expect(edited.code, edited.stderr).toBe(0);
    const edit = folder.sandbox
      .requests()
      .filter((r) => r.method === 'POST' && /^\/v23\.0\/\d+$/.test(r.path))
      .at(-1);
    expect(edit?.json).toMatchObject({ components: [{ type: 'BODY', text: 'Part {{1}} arrived' }] });

    const deleted = await crm(['templates', 'delete', 'bike_parts', '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(
      folder.sandbox
        .requests()
        .filter((r) => r.method === 'DELETE')
        .at(-1),
    ).toMatchObject({ path: LISTING, query: { name: 'bike_parts' } });
  });

  it('crm profiles not-offered template-create: neither learned nor inferred, refused, nothing sent', async () => {
    const marked = await crm(['profiles', 'not-offered', 'template-create']);
    expect(marked.code, marked.stderr).toBe(0);
    const before = folder.sandbox.requests().filter((r) => r.method === 'POST').length;
    const run = await crm(['templates', 'create', '--name', 'never_sent', '--language', 'en_US', '--category', 'UTILITY', '--body', 'Hi']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/own console/);
    expect(folder.sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(before);
  });
});
