// The keytar adapter against the REAL Secret Service (gnome-keyring in the private D-Bus session
// of npm test), and the typed failure when no keychain can be reached.
import { execFile, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CrmError } from '../../../../src-main/core/errors';
import { CountingSecretStore } from '../../../../src-main/core/secrets/counting-store';
import { KEYCHAIN_LOCK_FILE, KeytarSecretStore } from '../../../../src-main/core/secrets/keytar-store';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { KEYCHAIN_UNAVAILABLE_MESSAGE, keyAccount, revokingAccount } from '../../../../src-main/core/secrets/secret-store';
import { keychainAvailable, uniqueKeychainService } from '../../helpers/keychain';
import { caught, filesContainingSecrets, findSecrets } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../../..');
const hasKeychain = await keychainAvailable();
const SECRET = 'crm_sk_test_0123456789abcdefXYZ9';

type Credential = { account: string; password: string };

/** a store (50 ms timeout) whose keychain never answers a read, a write or a delete: an unlock prompt nobody answers */
function hangingStore(service: string, findCredentials: () => Promise<Credential[]>): KeytarSecretStore {
  return new KeytarSecretStore({
    service,
    timeoutMs: 50,
    load: () => ({
      getPassword: () => new Promise<string | null>(() => {}),
      setPassword: () => new Promise<void>(() => {}),
      deletePassword: () => new Promise<boolean>(() => {}),
      findCredentials,
    }),
  });
}

/** keytar calls that each take a moment, counting how many ever ran at once */
class OverlapCounter {
  most = 0;
  private running = 0;

  slowCall<T>(value: T): () => Promise<T> {
    return async () => {
      this.running += 1;
      this.most = Math.max(this.most, this.running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      this.running -= 1;
      return value;
    };
  }
}

describe.skipIf(!hasKeychain)('KeytarSecretStore on the real Secret Service', () => {
  const service = uniqueKeychainService('keytar');
  const store = new KeytarSecretStore({ service });
  const other = new KeytarSecretStore({ service: uniqueKeychainService('keytar-other') });

  afterAll(async () => {
    await store.delete(keyAccount('a'));
    await store.delete(revokingAccount('a'));
  });

  it('stores, reads back, overwrites and deletes a value', async () => {
    expect(await store.get(keyAccount('a'))).toBeNull();
    await store.set(keyAccount('a'), SECRET);
    expect(await store.get(keyAccount('a'))).toBe(SECRET);
    await store.set(keyAccount('a'), `${SECRET}-2`);
    expect(await store.get(keyAccount('a'))).toBe(`${SECRET}-2`);
    expect(await store.delete(keyAccount('a'))).toBe(true);
    expect(await store.get(keyAccount('a'))).toBeNull();
    expect(await store.delete(keyAccount('a'))).toBe(false);
  });

  it('keeps accounts and services apart', async () => {
    await store.set(keyAccount('a'), 'value-of-key-a');
    await store.set(revokingAccount('a'), 'value-of-revoking-a');
    expect(await store.get(keyAccount('a'))).toBe('value-of-key-a');
    expect(await store.get(revokingAccount('a'))).toBe('value-of-revoking-a');
    expect(await other.get(keyAccount('a'))).toBeNull();
  });

  it('counts calls through the counting wrapper', async () => {
    const counting = new CountingSecretStore(store);
    await counting.set(keyAccount('a'), SECRET);
    await counting.get(keyAccount('a'));
    await counting.get(keyAccount('a'));
    await counting.delete(keyAccount('a'));
    expect(counting.counts).toEqual({ get: 2, set: 1, delete: 1 });
    expect(counting.total).toBe(4);
  });
});

describe('keychain unavailable', () => {
  it('a child process without a reachable D-Bus gets keychain_unavailable for every call, with a human message', async () => {
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/crm-test-bus', DISPLAY: '' };
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(here, 'fixtures/keychain-child.ts'), uniqueKeychainService('nobus'), SECRET, 'store'],
      { env, cwd: root },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop() as string) as Record<string, { code?: string; message?: string } | string[]>;
    for (const step of ['set', 'get', 'del'] as const) {
      expect(result[step]).toMatchObject({ code: 'keychain_unavailable', message: KEYCHAIN_UNAVAILABLE_MESSAGE });
    }
    // the original failure text reaches the log callback, without the value
    const failures = result.failures as string[];
    expect(failures.length).toBe(3);
    expect(failures.join(' ')).toMatch(/connect|D-Bus|dbus|No such file/i);
    expect(findSecrets(result, [SECRET])).toEqual([]);
  });

  it('createCore in that child: adding a key fails with keychain_unavailable and writes no plaintext anywhere', async () => {
    const dataDir = await tempDir('crm-nobus-');
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/crm-test-bus', DISPLAY: '' };
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(here, 'fixtures/keychain-child.ts'), uniqueKeychainService('nobus-core'), SECRET, 'core', dataDir],
      { env, cwd: root },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop() as string) as { add: { code: string; message: string }; keys: unknown[] };
    expect(result.add.code).toBe('keychain_unavailable');
    expect(result.add.message).toBe(KEYCHAIN_UNAVAILABLE_MESSAGE);
    expect(result.keys).toEqual([]);
    expect(await filesContainingSecrets(dataDir, [SECRET])).toEqual([]);
    expect((await readdir(dataDir)).sort()).toContain('crm.db');
    expect(findSecrets(result, [SECRET])).toEqual([]);
  });

  it('a keytar module that fails to load becomes keychain_unavailable', async () => {
    const details: string[] = [];
    const store = new KeytarSecretStore({
      service: 'crm-console-test-load',
      load: () => {
        throw new Error('Cannot find module keytar.node');
      },
      onFailure: (op, detail) => details.push(`${op}: ${detail}`),
    });
    const err = await caught(() => store.get('key:x'));
    expect(err).toBeInstanceOf(CrmError);
    expect((err as CrmError).code).toBe('keychain_unavailable');
    expect(details).toEqual(['load: Cannot find module keytar.node']);
  });

  it('a keychain that never answers (an unanswered unlock prompt) times out as keychain_unavailable', async () => {
    const store = hangingStore('crm-console-test-hang', () => new Promise<Credential[]>(() => {}));
    const err = await caught(() => store.get('key:x'));
    expect((err as CrmError).code).toBe('keychain_unavailable');
  });

  it('runs one keychain call at a time, so a delete never races a read or a listing (keytar crashes on a secret deleted mid-read)', async () => {
    const overlap = new OverlapCounter();
    const step = overlap.slowCall.bind(overlap);
    const store = new KeytarSecretStore({
      service: 'crm-console-test-one-at-a-time',
      load: () => ({
        getPassword: step<string | null>('v'),
        setPassword: step<void>(undefined),
        deletePassword: step(true),
        findCredentials: step<{ account: string; password: string }[]>([{ account: 'key:a', password: 'v' }]),
      }),
    });
    const answers = await Promise.all([
      store.get('key:a'),
      store.delete('key:a'),
      store.accounts(),
      store.set('key:b', 'w'),
      store.get('key:b'),
    ]);
    expect(answers).toEqual(['v', true, ['key:a'], undefined, 'v']);
    expect(overlap.most).toBe(1);
  });

  it('two stores on one data folder (two processes) take turns to write, delete and list, never overlapping', async () => {
    const dir = await tempDir('keychain-lock-');
    const overlap = new OverlapCounter();
    const slow = overlap.slowCall.bind(overlap);
    const keytar = {
      getPassword: async () => 'v',
      setPassword: slow<void>(undefined),
      deletePassword: slow(true),
      findCredentials: slow<{ account: string; password: string }[]>([]),
    };
    const lockPath = join(dir, KEYCHAIN_LOCK_FILE);
    const window = new KeytarSecretStore({ service: 'crm-console-test-lock', load: () => keytar, lockPath });
    const crm = new KeytarSecretStore({ service: 'crm-console-test-lock', load: () => keytar, lockPath });
    await Promise.all([
      window.accounts(),
      crm.delete('key:a'),
      window.set('key:b', 'w'),
      crm.accounts(),
      crm.set('key:c', 'x'),
      window.delete('key:b'),
    ]);
    expect(overlap.most).toBe(1);
    // nothing is left behind in the folder
    expect(await readdir(dir)).toEqual([]);
  });

  it("a listing waits while another process holds the folder's keychain lock, and runs once it lets go", async () => {
    const dir = await tempDir('keychain-lock-child-');
    const lockPath = join(dir, KEYCHAIN_LOCK_FILE);
    const holder = spawn(process.execPath, ['--import', 'tsx', join(here, 'fixtures/keychain-lock-holder.ts'), lockPath], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const said = createInterface({ input: holder.stdout! });
    const lines = said[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('held');
    let listed = false;
    const store = new KeytarSecretStore({
      service: 'crm-console-test-lock-child',
      lockPath,
      load: () => ({
        getPassword: async () => null,
        setPassword: async () => undefined,
        deletePassword: async () => true,
        findCredentials: async () => {
          listed = true;
          return [{ account: 'key:a', password: 'v' }];
        },
      }),
    });
    const accounts = store.accounts();
    // long enough for a listing that did not wait to have run
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(listed).toBe(false);
    holder.stdin!.write('go\n');
    expect((await lines.next()).value).toBe('released');
    expect(await accounts).toEqual(['key:a']);
    expect(listed).toBe(true);
    holder.kill();
  });

  it('a call queued behind one that hangs still ends, as keychain_unavailable', async () => {
    const store = hangingStore('crm-console-test-queued-hang', async () => []);
    const ends = await Promise.allSettled([store.get('key:a'), store.set('key:b', 'w'), store.delete('key:c')]);
    expect(ends.map((e) => (e.status === 'rejected' ? (e.reason as CrmError).code : e.status))).toEqual([
      'keychain_unavailable',
      'keychain_unavailable',
      'keychain_unavailable',
    ]);
  });

  it('a failure text that echoes the value is scrubbed before it reaches the log callback', async () => {
    const details: string[] = [];
    const store = new KeytarSecretStore({
      service: 'crm-console-test-echo',
      load: () => ({
        getPassword: async () => null,
        setPassword: async (_s: string, _a: string, value: string) => {
          throw new Error(`collection is locked, could not store ${value}`);
        },
        deletePassword: async () => false,
        findCredentials: async () => [],
      }),
      onFailure: (_op, detail) => details.push(detail),
    });
    const err = await caught(() => store.set('key:x', SECRET));
    expect((err as CrmError).code).toBe('keychain_unavailable');
    expect(details).toEqual(['collection is locked, could not store [redacted]']);
    expect(findSecrets(err, [SECRET])).toEqual([]);
  });

  it('the memory store (tests only) fails like a locked keychain while its switch is on', async () => {
    const store = new MemorySecretStore();
    await store.set('key:a', SECRET);
    store.fail = true;
    const err = await caught(() => store.get('key:a'));
    expect((err as CrmError).toInfo()).toEqual({ code: 'keychain_unavailable', message: KEYCHAIN_UNAVAILABLE_MESSAGE });
    store.fail = false;
    expect(await store.get('key:a')).toBe(SECRET);
  });
});
