// A server's text never drives the terminal `crm` prints to: a message id carrying an OSC 52
// clipboard write, a C1 CSI and a bidi override reaches stdout and stderr only as visible
// escapes, in text, in tables and in --json (which still parses to the server's value).
// runCli in-process (env-var mode, no keychain) against a real local HTTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type LocalServer } from '../core/http/support/local-server';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import { keychainAvailable, tempDir, uniqueKeychainService } from '../helpers/index';
import { runInProcess, type CliRun } from './cli-harness';

const EVIL = 'm_\u001b]52;c;ZXZpbA==\u0007\u009b31m\u202eevil';
const SHOWN = 'm_\\x1b]52;c;ZXZpbA==\\x07\\u009b31m\\u202eevil';
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const NUMBER = '5511999990000';
const CREATED_VALUE = 'crm_sk_created_by_server_0002';
const serverKey = {
  id: `k_${EVIL}`,
  name: `ops\u202etxt.exe`,
  prefix: 'crm_sk_crea',
  permissions: ['messages:send'],
  created_at: '2024-05-01T12:00:00Z',
  last_used_at: null,
};

const message = {
  id: EVIL,
  type: 'text',
  number: `${NUMBER}\u202e`,
  status: `queued\u009b2J`,
  text: 'hi',
  created_at: '2024-05-01T12:00:00Z',
};

let server: LocalServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/api/v1/messages/text') return json(201, message);
    if (req.method === 'GET' && path === '/api/v1/messages')
      return json(200, { data: [message], meta: { page: 1, per_page: 50, total: 1, total_pages: 1 } });
    if (req.method === 'POST' && path === '/api/v1/api-keys') return json(201, { ...serverKey, key: CREATED_VALUE });
    if (req.method === 'GET' && path === '/api/v1/api-keys') return json(200, { data: [serverKey] });
    return json(400, {
      error: { code: 'bad_request', message: `refused ${EVIL}`, details: [{ field: `number\u009b`, message: `bad ${EVIL}` }] },
    });
  });
  env = {
    CRM_DATA_DIR: await tempDir('crm-cli-inject-'),
    CRM_API_KEY: 'crm_sk_inject_test_0001',
    CRM_BASE_URL: server.url,
    CRM_KEYCHAIN_SERVICE: 'crm-cli-inject-unused',
  };
});
afterAll(() => server.close());

const crm = (argv: string[]): Promise<CliRun> => runInProcess(argv, { env, look: { colour: true, progress: false } });

function expectInert(run: CliRun): void {
  expect(run.stdout).not.toMatch(RAW);
  // stderr may hold only the colour the CLI itself adds around a line
  const ownColour = new RegExp(`${String.fromCharCode(0x1b)}\\[\\d+m`, 'g');
  expect(run.stderr.replace(ownColour, '')).not.toMatch(RAW);
}

describe('server text on the terminal', () => {
  it('send text: the message id, number and status show as escapes', async () => {
    const run = await crm(['send', 'text', '--to', NUMBER, '--text', 'hi']);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run);
    expect(run.stdout).toContain(SHOWN);
    expect(run.stdout).toContain(`${NUMBER}\\u202e`);
  });

  it('send text --json: JSON escapes, and the document parses to what the server said', async () => {
    const run = await crm(['send', 'text', '--to', NUMBER, '--text', 'hi', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run);
    expect(run.stdout).toContain('\\u001b]52;c;ZXZpbA==\\u0007\\u009b31m\\u202eevil');
    expect((JSON.parse(run.stdout) as { message: { id: string } }).message.id).toBe(EVIL);
  });

  it('the messages table, and its --json, keep no bidi override or escape', async () => {
    for (const argv of [['messages'], ['messages', '--json']]) {
      const run = await crm(argv);
      expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(0);
      expectInert(run);
    }
  });

  it('an error reason from the server reaches stderr inert, and --json errors too', async () => {
    for (const argv of [['contacts'], ['contacts', '--json']]) {
      const run = await crm(argv);
      expect(run.code).toBe(1);
      expectInert(run);
      // the core already blanks control characters in a server's reason; the bidi override is left to the writer
      expect(run.stderr).toContain('\\u202eevil');
    }
  });
});

const available = await keychainAvailable();
const service = uniqueKeychainService('cli-inject');

describe.skipIf(!available)('server key ids on the terminal (a profile, keys in the OS keychain)', () => {
  let profileEnv: Record<string, string>;
  const run = (argv: string[], input?: string): Promise<CliRun> =>
    runInProcess(argv, { env: profileEnv, ...(input === undefined ? {} : { input }) });

  beforeAll(async () => {
    profileEnv = { CRM_DATA_DIR: await tempDir('crm-cli-inject-keys-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await run(['profiles', 'add', '--name', 'local', '--url', server.url, '--use'])).code).toBe(0);
    expect(
      (
        await run(
          ['keys', 'add', '--name', 'admin', '--permissions', 'contacts:read,messages:send,keys:manage'],
          'crm_sk_inject_admin_0001\n',
        )
      ).code,
    ).toBe(0);
  });
  afterAll(async () => {
    const store = new KeytarSecretStore({ service });
    const listed = JSON.parse((await run(['keys', 'list', '--json'])).stdout) as { keys: { id: string }[] };
    for (const key of listed.keys) await store.delete(`key:${key.id}`).catch(() => false);
  });

  it('keys create prints the server id as escapes; keys list --server keeps no bidi override', async () => {
    const created = await run(['keys', 'create', '--name', 'new']);
    expect(created.code, created.stderr).toBe(0);
    expectInert(created);
    expect(created.stdout).toContain(`server id k_${SHOWN}`);
    for (const argv of [
      ['keys', 'list', '--server'],
      ['keys', 'list', '--server', '--json'],
      ['keys', 'list'],
    ]) {
      const listed = await run(argv);
      expect(listed.code, `${argv.join(' ')}: ${listed.stderr}`).toBe(0);
      expectInert(listed);
    }
  });
});
