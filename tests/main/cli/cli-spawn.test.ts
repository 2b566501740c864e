// The real executable (node bin/crm.mjs, the built CLI) against the real in-process sandbox, in
// env-var mode (CRM_API_KEY + CRM_BASE_URL): no keychain involved, nothing written to the data
// dir, and the key in no output.
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { BIN, REPO_ROOT, spawnCli, stderrLines, transcript } from './cli-harness';
import { envModeOn } from './sandbox-profile';

let sandbox: RunningSandbox;
let dataDir: string;
let env: Record<string, string>;
const number = '5511988887777';

function messagePosts(): number {
  return sandbox.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/messages')).length;
}

beforeAll(async () => {
  sandbox = await openSandbox();
  dataDir = await tempDir('crm-cli-spawn-');
  env = envModeOn(sandbox, dataDir, 'crm-cli-spawn-unused');
});

afterAll(async () => {
  await closeSandboxes();
});

describe('crm (spawned)', () => {
  it('--help exits 0 and describes the output contract', async () => {
    const run = await spawnCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  send text  ');
    expect(run.stdout).toContain('Exit status:');
    expect(run.stderr).toBe('');
  });

  it('a usage error exits 2 with one line on stderr', async () => {
    const run = await spawnCli(['contacts', '--page', 'zero'], { env });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(stderrLines(run)).toEqual(['crm: --page must be a whole number of at least 1 (see crm contacts --help)']);
  });

  it('contacts --json prints one JSON document with a page of contacts', async () => {
    const run = await spawnCli(['contacts', '--json', '--per-page', '7', '--page', '2'], { env });
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as {
      items: { id: string; number: string }[];
      page: number;
      perPage: number;
      total: number;
      totalPages: number;
    };
    expect(doc.items).toHaveLength(7);
    expect(doc.page).toBe(2);
    expect(doc.perPage).toBe(7);
    expect(doc.total).toBe(200);
    expect(doc.totalPages).toBe(29);
    expect(doc.items[0]?.id).toMatch(/^c_/);
  });

  it('contacts --search narrows the page', async () => {
    const run = await spawnCli(['contacts', '--json', '--search', 'zzzz-no-such-contact'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ items: [], total: 0 });
  });

  it('send text --curl prints the command and the sandbox receives nothing', async () => {
    const before = messagePosts();
    const run = await spawnCli(['send', 'text', '--to', '+55 11 98888-7777', '--text', "it's a test", '--curl'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`curl '${sandbox.baseUrl}/api/v1/messages/text'`);
    expect(run.stdout).toContain('-H "Authorization: Bearer $CRM_API_KEY"');
    expect(run.stdout).toContain(`--data-binary '{"number":"${number}","text":"it'\\''s a test"}'`);
    expect(run.stdout).toMatch(/-H 'Idempotency-Key: [0-9a-f-]{36}'/);
    expect(messagePosts()).toBe(before);
  });

  it('env-var mode sends a text that arrives, and leaves the data dir untouched', async () => {
    const run = await spawnCli(['send', 'text', '--to', number, '-', '--json'], { env, input: 'hello from the CLI\n' });
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { status: string; message: { id: string; number: string } };
    expect(doc.status).toBe('sent');
    expect(doc.message.number).toBe(number);
    const arrived = sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text' && r.status === 201);
    expect(arrived.at(-1)?.json).toEqual({ number, text: 'hello from the CLI' });
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('a revoked key: exit 1 and one line on stderr naming the 401', async () => {
    const { id, key } = sandbox.createKey('cli-doomed', ['contacts:read']);
    const deleted = await fetch(`${sandbox.baseUrl}/api/v1/api-keys/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${sandbox.adminKey}` },
    });
    expect(deleted.status).toBe(200);
    const run = await spawnCli(['contacts'], { env: { ...env, CRM_API_KEY: key } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toMatch(/^crm: 401 unauthorized: .+\n$/);
    expect(run.stderr).not.toContain(key);

    const json = await spawnCli(['contacts', '--json'], { env: { ...env, CRM_API_KEY: key } });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'unauthorized', status: 401 } });
    expect(stderrLines(json)).toHaveLength(1);
  });

  it('CRM_BASE_URL without CRM_API_KEY is a usage error', async () => {
    const run = await spawnCli(['contacts'], { env: { CRM_DATA_DIR: dataDir, CRM_BASE_URL: sandbox.baseUrl } });
    expect(run.code).toBe(2);
    expect(stderrLines(run)).toHaveLength(1);
    expect(run.stderr).toContain('CRM_BASE_URL is set but CRM_API_KEY is not');
  });

  it('crm sandbox runs the sandbox until SIGINT, then exits 0', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', '--port', '0', '--contacts', '3', '--json'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
      });
      child.on('close', () => reject(new Error('crm sandbox ended before printing its address')));
    });
    const started = JSON.parse(firstLine) as { baseUrl: string; adminKey: string };
    const response = await fetch(`${started.baseUrl}/api/v1/contacts`, { headers: { Authorization: `Bearer ${started.adminKey}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(3);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('the key appears in no output of any command above', () => {
    const all = transcript.map((r) => r.stdout + r.stderr).join('\n');
    expect(all).not.toContain(sandbox.adminKey);
  });
});
