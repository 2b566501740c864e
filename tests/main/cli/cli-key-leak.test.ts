// The leak response in `crm`, as real processes against the sandbox and the REAL keychain: a
// text holding a saved key is refused (exit 1, the sentence naming the key by its last 4) and
// the sandbox receives no message; a service echoing the key it was sent gets a one-line
// warning on stderr. The key is in no output and in no row of crm.db.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, findSecrets, openSandbox, tempDir } from '../helpers/index';
import { storedText } from '../helpers/stored-rows';
import { startHttpServer, type LocalServer } from '../core/http/support/local-server';
import { forgetListedKeys, spawnCli, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-key-leak');
const ECHOED = 'crm_sk_EchoedBack0123456789abcdefghijk9z8y';

let sandbox: RunningSandbox;
let echo: LocalServer;
let env: Record<string, string>;
let echoEnv: Record<string, string>;
const runs: CliRun[] = [];

const crm = async (argv: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> => {
  const run = await spawnCli(argv, {
    env: options.env ?? env,
    ...(options.input === undefined ? {} : { input: options.input }),
    timeoutMs: 60_000,
  });
  runs.push(run);
  return run;
};

async function sandboxMessages(): Promise<unknown[]> {
  const res = await fetch(`${sandbox.baseUrl}/api/v1/messages?per_page=100`, { headers: { authorization: `Bearer ${sandbox.adminKey}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data;
}

describe.skipIf(!available)('crm and a leaked key', () => {
  beforeAll(async () => {
    sandbox = await openSandbox({ contacts: 2 });
    echo = await startHttpServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [], you_sent: req.headers.authorization }));
    });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-leak-'), CRM_KEYCHAIN_SERVICE: service };
    echoEnv = { CRM_DATA_DIR: await tempDir('crm-cli-leak-echo-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'sb', '--url', sandbox.baseUrl])).code).toBe(0);
    const added = await crm(['keys', 'add', '--name', 'ops', '--use'], { input: `${sandbox.adminKey}\n` });
    expect(added.code, added.stderr).toBe(0);
    expect((await crm(['profiles', 'add', '--name', 'echo', '--url', echo.url], { env: echoEnv })).code).toBe(0);
    const echoKey = await crm(['keys', 'add', '--name', 'echoed', '--use'], { input: `${ECHOED}\n`, env: echoEnv });
    expect(echoKey.code, echoKey.stderr).toBe(0);
  });

  afterAll(async () => {
    for (const e of [env, echoEnv]) if (e) await forgetListedKeys(() => spawnCli(['keys', 'list', '--all', '--json'], { env: e }), store);
    await echo?.close();
    await closeSandboxes();
  });

  it('refuses `crm send text` whose text holds the saved key: exit 1, the sentence, nothing sent', { timeout: 60_000 }, async () => {
    const last4 = sandbox.adminKey.slice(-4);
    const run = await crm(['send', 'text', '--to', '5511999990001', '--text', `the key is ${sandbox.adminKey}, use it`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `This text contains the key "ops" …${last4}; it was not sent. Remove it, and roll the key if it was shared elsewhere.`,
    );
    expect(await sandboxMessages()).toEqual([]);
    // the same text without the key goes out
    const ok = await crm(['send', 'text', '--to', '5511999990001', '--text', 'the key is in the vault']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(await sandboxMessages()).toHaveLength(1);
    expect(findSecrets(runs, [sandbox.adminKey])).toEqual([]);
    for (const table of ['sent_messages', 'request_log', 'saved_keys'] as const)
      expect(findSecrets(storedText(env.CRM_DATA_DIR!, table), [sandbox.adminKey])).toEqual([]);
  });

  it('warns on stderr, once, when the service echoed the key it was sent', { timeout: 60_000 }, async () => {
    const run = await crm(['contacts'], { env: echoEnv });
    const warnings = run.stderr.split('\n').filter((line) => line.includes('echoed the key'));
    expect(warnings).toEqual([
      `crm: warning: The service at ${new URL(echo.url).host} echoed the key "echoed" …9z8y in its answer: it may keep or show it elsewhere. Roll the key.`,
    ]);
    expect(findSecrets(runs, [ECHOED])).toEqual([]);
    expect(findSecrets(storedText(echoEnv.CRM_DATA_DIR!, 'request_log'), [ECHOED])).toEqual([]);
  });
});
