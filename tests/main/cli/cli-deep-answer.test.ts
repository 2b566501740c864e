// A service that takes a message and answers 201 with a body nested 50,000 levels deep
// (`[[[…]]]` or `{"a":{"a":…}}`): the send happened, so `crm send text` (the real process) says
// so, exit 0, with a note that the answer could not be read, records the message once, and a
// later `crm sync` sends nothing again. The contacts list, which must be read to be shown,
// fails with a clear reason instead of an internal error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/index';
import { storedRows } from '../helpers/stored-rows';
import { startHttpServer, type LocalServer } from '../core/http/support/local-server';
import { forgetListedKeys, spawnCli, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-deep-answer');
const KEY = 'crm_sk_deep_answer_test_0001';
const NUMBER = '5511999990000';
const DEPTH = 50_000;
const BODIES = {
  arrays: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  objects: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
};

let server: LocalServer;
let env: Record<string, string>;
let body = BODIES.arrays;

const crm = (argv: string[], input?: string): Promise<CliRun> => spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });
const posts = (): number => server.received.filter((r) => r.method === 'POST').length;

describe.skipIf(!available)('a 2xx answer nested 50,000 levels deep', () => {
  beforeAll(async () => {
    server = await startHttpServer((_req, res) => {
      res.writeHead(_req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' }).end(body);
    });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-deep-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'deep', '--url', server.url])).code).toBe(0);
    const added = await crm(['keys', 'add', '--name', 'main'], `${KEY}\n`);
    expect(added.code, added.stderr).toBe(0);
  });

  afterAll(async () => {
    await forgetListedKeys(() => crm(['keys', 'list', '--json']), store);
    await server?.close();
  });

  it.each(Object.keys(BODIES) as (keyof typeof BODIES)[])(
    'of %s: the send is reported sent with a note, recorded once, and never sent again',
    async (kind) => {
      body = BODIES[kind];
      const before = posts();
      const text = `deep ${kind}`;
      const sent = await crm(['send', 'text', '--to', NUMBER, '--text', text, '--queue', '--json']);
      expect(sent.code, sent.stderr).toBe(0);
      expect(sent.stderr).not.toContain('internal error');
      const result = JSON.parse(sent.stdout) as { status: string; note?: string; message: { understood: boolean } };
      expect(result).toMatchObject({ status: 'sent', message: { understood: false } });
      expect(result.note).toMatch(/^The service took the message; its answer could not be read: .*nested more than \d+ levels deep/);
      expect(posts()).toBe(before + 1);

      const plain = await crm(['send', 'text', '--to', NUMBER, '--text', `${text} again`]);
      expect(plain.code, plain.stderr).toBe(0);
      expect(`${plain.stdout}${plain.stderr}`).toContain('The service took the message; its answer could not be read');
      expect(posts()).toBe(before + 2);

      // nothing waits in the outbox, so a sync sends nothing again
      const sync = await crm(['sync', '--json']);
      expect(sync.code, sync.stderr).toBe(0);
      expect(posts()).toBe(before + 2);
      const recorded = storedRows(env.CRM_DATA_DIR!, 'sent_messages').filter((r) => JSON.stringify(r).includes(text));
      expect(recorded).toHaveLength(2);
    },
  );

  it('a list that cannot be read fails with its reason, not an internal error', async () => {
    body = BODIES.objects;
    const listed = await crm(['contacts', '--json']);
    expect(listed.code).toBe(1);
    expect(JSON.parse(listed.stdout)).toMatchObject({ error: { code: 'bad_response' } });
    expect(listed.stderr).toMatch(/nested more than \d+ levels deep/);
  });
});
