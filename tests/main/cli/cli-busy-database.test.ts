// crm while another process holds crm.db's write lock (a process stuck mid-transaction): the
// commands that only read start and answer as usual, one that calls the service answers and
// exits after one bounded wait for its bookkeeping, and a command that must write waits its
// bounded time, then says the database is busy and who holds it (exit 1), never "unexpected
// internal error". Real processes: the crm executable and a second process holding the lock.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import { BUSY_TIMEOUT_MS } from '../../../src-main/core/store/database';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, findSecrets, keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { forgetListedKeys, spawnCli, transcript } from './cli-harness';
import { addProfileAndKeyWith } from './sandbox-profile';

const HOLDER = fileURLToPath(new URL('../../fixtures/write-lock-holder.ts', import.meta.url));
const available = await keychainAvailable();
const service = uniqueKeychainService('cli-busy');
let sandbox: RunningSandbox;
let env: Record<string, string>;
let holder: ChildProcessWithoutNullStreams | null = null;

function crm(argv: string[], input?: string) {
  return spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });
}

/** a second process with BEGIN IMMEDIATE open on crm.db, once it says so */
async function holdWriteLock(dbPath: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dbPath], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('held')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the lock holder exited (${code}): ${err}`)));
  });
  return child;
}

describe.skipIf(!available)('crm while another process holds the write lock', () => {
  beforeAll(async () => {
    sandbox = await openSandbox();
    env = { CRM_DATA_DIR: await tempDir('crm-cli-busy-'), CRM_KEYCHAIN_SERVICE: service };
    await addProfileAndKeyWith(crm, { name: 'local', url: sandbox.baseUrl }, 'admin', sandbox.adminKey);
    // something sent, so the record of sends has a row to list
    const sent = await crm(['send', 'text', '--to', '5511933334444', '--text', 'before the lock']);
    expect(sent.code, sent.stderr).toBe(0);
  });

  afterEach(() => {
    holder?.stdin.end();
    holder = null;
  });

  afterAll(async () => {
    expect(findSecrets(transcript, [sandbox.adminKey])).toEqual([]);
    const store = new KeytarSecretStore({ service });
    await forgetListedKeys(() => crm(['keys', 'list', '--json']), store);
    await closeSandboxes();
  });

  it(
    'read-only commands answer at once; a writing one says the database is busy and who holds it (exit 1)',
    { timeout: 60_000 },
    async () => {
      holder = await holdWriteLock(join(env.CRM_DATA_DIR!, 'crm.db'));

      // what only reads the database answers well inside the 5 s a write waits for the lock
      for (const argv of [
        ['profiles', 'list'],
        ['keys', 'list'],
        ['profiles', 'show'],
      ]) {
        const started = Date.now();
        const run = await crm(argv);
        expect(run.code, `crm ${argv.join(' ')}: ${run.stderr}`).toBe(0);
        expect(Date.now() - started, `crm ${argv.join(' ')}`).toBeLessThan(4000);
      }
      // what calls the service answers too (its request log row and the key's last use are
      // bookkeeping: written when the lock is free, else given up), and its closing writes wait
      // for the lock once between them: they each waited the whole busy timeout, over 10 s in all
      for (const argv of [
        ['contacts', '--json'],
        ['messages', '--to', '5511933334444', '--json'],
      ]) {
        const started = Date.now();
        const run = await crm(argv);
        expect(Date.now() - started, `crm ${argv.join(' ')}`).toBeLessThan(BUSY_TIMEOUT_MS + 3000);
        expect(run.code, `crm ${argv.join(' ')}: ${run.stderr}`).toBe(0);
        expect(run.stderr).not.toContain('busy');
        expect(() => JSON.parse(run.stdout) as unknown).not.toThrow();
      }

      const write = await crm(['profiles', 'add', '--name', 'second', '--url', sandbox.baseUrl]);
      expect(write.code).toBe(1);
      expect(write.stderr).not.toContain('unexpected internal error');
      expect(write.stderr).toMatch(/the database is busy \(held by another process: PID \d+, node .*write-lock-holder\.ts\) — try again/);

      holder.stdin.end();
      holder = null;
      const after = await crm(['profiles', 'add', '--name', 'second', '--url', sandbox.baseUrl]);
      expect(after.code, after.stderr).toBe(0);
    },
  );
});
