// The product's SecretStore: keytar (libsecret on Linux, Keychain on macOS, Credential Vault on
// Windows). keytar is CommonJS and native, so it is loaded lazily with createRequire: a missing
// or broken build becomes 'keychain_unavailable' at the first use, not a crash at start.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { CrmError } from '../errors';
import { FileLock } from '../storage/file-lock';
import { registerHolder } from '../storage/liveness';
import { DEFAULT_KEYCHAIN_SERVICE, keychainUnavailable, scrubSecrets } from './secret-store';
import type { SecretStore } from './secret-store';

interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

export interface KeytarStoreOptions {
  /** keychain service name; default 'crm-console' */
  service?: string;
  /**
   * A keychain that waits for an unlock prompt nobody answers would hang the request: after
   * this many ms the call fails with 'keychain_unavailable'. Default 15 000.
   */
  timeoutMs?: number;
  /**
   * Receives the original failure text for the app log, with the value being written (if any)
   * already replaced by [redacted]. Never shown to the person.
   */
  onFailure?: (operation: 'load' | 'get' | 'set' | 'delete' | 'list', detail: string) => void;
  /** for tests: how keytar is loaded */
  load?: () => KeytarModule;
  /**
   * The data folder's keychain lock file (`<data dir>/keychain.lock`). With it, a write, a delete
   * or a listing waits for the same kind of call of every other process on the folder (the window
   * and any number of crm): a listing beside another process's delete is what crashes keytar.
   */
  lockPath?: string;
}

/** the keychain lock's file name in the data folder */
export const KEYCHAIN_LOCK_FILE = 'keychain.lock';

/** the calls that must not overlap another process's: a read of one item is safe beside them */
const LOCKED_CALLS = new Set<KeychainCall>(['set', 'delete', 'list']);

type KeychainCall = 'get' | 'set' | 'delete' | 'list';

let cachedModule: KeytarModule | null = null;

function loadKeytar(): KeytarModule {
  if (!cachedModule) {
    const require = createRequire(import.meta.url);
    cachedModule = require('keytar') as KeytarModule;
  }
  return cachedModule;
}

export class KeytarSecretStore implements SecretStore {
  readonly service: string;
  private readonly timeoutMs: number;
  private readonly onFailure: KeytarStoreOptions['onFailure'];
  private readonly load: () => KeytarModule;
  private module: KeytarModule | null = null;
  /**
   * The end of the last call asked for: each call waits for the one before it. libsecret can hand
   * keytar an item whose secret is gone when a delete runs beside a read or a listing, and keytar
   * then reads a null secret and crashes the whole process (node-keytar issue 477); one call at a
   * time means this process never races itself.
   */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly lockPath: string | undefined;
  /** this store's name in the lock file; registered, so this process's own lock is never judged stale */
  private readonly lockHolder = `keychain-${randomBytes(6).toString('hex')}`;

  constructor(options: KeytarStoreOptions = {}) {
    this.service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.onFailure = options.onFailure;
    this.load = options.load ?? loadKeytar;
    this.lockPath = options.lockPath;
    if (this.lockPath) registerHolder(this.lockHolder);
  }

  get(account: string): Promise<string | null> {
    return this.call('get', undefined, (k) => k.getPassword(this.service, account));
  }

  set(account: string, value: string): Promise<void> {
    return this.call('set', value, (k) => k.setPassword(this.service, account, value));
  }

  delete(account: string): Promise<boolean> {
    return this.call('delete', undefined, (k) => k.deletePassword(this.service, account));
  }

  /** keytar can only list accounts with their values: the values are dropped at once */
  accounts(): Promise<string[]> {
    return this.call('list', undefined, async (k) => (await k.findCredentials(this.service)).map((c) => c.account));
  }

  private keytar(): KeytarModule {
    if (this.module) return this.module;
    try {
      this.module = this.load();
      return this.module;
    } catch (err) {
      this.report('load', err, undefined);
      throw keychainUnavailable();
    }
  }

  private call<T>(operation: KeychainCall, secret: string | undefined, run: (k: KeytarModule) => Promise<T>): Promise<T> {
    // the deadline counts from the ask: a call queued behind one that hangs fails at its own time
    const deadline = Date.now() + this.timeoutMs;
    const result = this.tail.then(() => this.callNow(operation, secret, run, deadline));
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async callNow<T>(
    operation: KeychainCall,
    secret: string | undefined,
    run: (k: KeytarModule) => Promise<T>,
    deadline: number,
  ): Promise<T> {
    const keytar = this.keytar();
    let timer: NodeJS.Timeout | undefined;
    const late = new Error(`no answer from the keychain within ${this.timeoutMs} ms`);
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(late), Math.max(0, deadline - Date.now()));
      timer.unref();
    });
    try {
      // past its time before its turn came: not run at all, so a failed write is never done later
      if (Date.now() >= deadline) throw late;
      return await Promise.race([this.acrossProcesses(operation, deadline, () => run(keytar)), timeout]);
    } catch (err) {
      this.report(operation, err, secret);
      throw keychainUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  /** a write, delete or listing under the data folder's keychain lock; waiting for it counts against the deadline */
  private async acrossProcesses<T>(operation: KeychainCall, deadline: number, run: () => Promise<T>): Promise<T> {
    if (!this.lockPath || !LOCKED_CALLS.has(operation)) return run();
    const lock = new FileLock(this.lockPath, this.lockHolder, {
      guards: 'keychain',
      maxWaitMs: Math.max(0, deadline - Date.now()),
      // a holder is never legitimately longer than its own deadline
      staleMs: this.timeoutMs + 5_000,
    });
    await lock.acquire();
    try {
      // the lock came after the caller was told the call failed: never do it late
      if (Date.now() >= deadline) throw new Error(`no answer from the keychain within ${this.timeoutMs} ms`);
      return await run();
    } finally {
      await lock.release();
    }
  }

  private report(operation: 'load' | 'get' | 'set' | 'delete' | 'list', err: unknown, secret: string | undefined): void {
    if (!this.onFailure) return;
    const text = err instanceof Error ? err.message : String(err);
    try {
      this.onFailure(operation, scrubSecrets(text, [secret]));
    } catch {
      // a failing logger must not change the outcome
    }
  }
}

export function createKeytarStore(options: KeytarStoreOptions = {}): KeytarSecretStore {
  return new KeytarSecretStore(options);
}

/** true when `err` is the typed keychain failure */
export function isKeychainUnavailable(err: unknown): boolean {
  return err instanceof CrmError && err.code === 'keychain_unavailable';
}
