// The CA-file setting: a PEM file whose certificates every connection trusts beside the
// defaults. The installed app cannot be given NODE_EXTRA_CA_CERTS (its start-up options are
// locked and a desktop launch has no shell environment), so this is how a company root that
// is not in the OS store reaches it. Naming a file reads it first: a file that cannot be used
// is refused with its reason and the setting stays as it was. The file is read again when the
// setting changes (here or in another process on the data folder) or the file itself changes,
// looked at no more than once a second; a file that goes bad later keeps the certificates
// read from it before, and says why.
import type { CaFileState } from '../../../shared/network-settings';
import { CrmError } from '../../errors';
import { caFileVersion, readCaFile, type FileVersion } from './ca-file';
import { processTrust, trustWith } from './trust-store';

export type { CaFileState };

/** where the setting is kept (the data folder's settings table) */
export interface CaFileSetting {
  get(): string | null;
  set(path: string | null): void;
}

export interface CaFileTrustOptions {
  /** the trust without the file; default Node's roots and the OS store (trust-store.ts) */
  defaults?: () => string[] | null;
  /** how long an answer stands before the setting and the file are looked at again; default 1 s */
  recheckMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

interface Read {
  path: string;
  version: FileVersion;
  count: number;
  /** the defaults and the file's certificates: one list, so connections share one TLS context */
  trusted: string[] | null;
}

export class CaFileTrust {
  private path: string | null = null;
  private read: Read | null = null;
  private problem: string | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;
  private readonly defaults: () => string[] | null;
  private readonly now: () => number;

  constructor(
    private readonly setting: CaFileSetting,
    private readonly options: CaFileTrustOptions = {},
  ) {
    this.defaults = options.defaults ?? processTrust;
    this.now = options.now ?? Date.now;
  }

  /** the certificates a connection trusts now, or null for Node's own defaults */
  async trusted(): Promise<string[] | null> {
    await this.refresh(false);
    return this.read !== null && this.read.path === this.path ? this.read.trusted : this.defaults();
  }

  /** the setting as it stands, the file looked at again now */
  async state(): Promise<CaFileState> {
    await this.refresh(true);
    return this.describe();
  }

  /**
   * Names the file (an absolute path) or, with null, none. A file that cannot be used is
   * refused (CrmError 'validation') before anything is stored: the setting stays as it was.
   */
  async choose(path: string | null): Promise<CaFileState> {
    if (path === null) {
      this.setting.set(null);
      this.settle(null, null);
      return this.describe();
    }
    const contents = await readCaFile(path);
    this.setting.set(path);
    this.settle(path, {
      path,
      version: contents,
      count: contents.certificates.length,
      trusted: trustWith(contents.certificates, this.defaults()),
    });
    return this.describe();
  }

  private settle(path: string | null, read: Read | null): void {
    this.path = path;
    this.read = read;
    this.problem = null;
    this.checkedAt = this.now();
  }

  private describe(): CaFileState {
    const count = this.read !== null && this.read.path === this.path ? this.read.count : 0;
    return { path: this.path, certificates: count, problem: this.problem };
  }

  private refresh(force: boolean): Promise<void> {
    if (!force && this.now() - this.checkedAt < (this.options.recheckMs ?? 1000)) return Promise.resolve();
    this.checking ??= this.lookAgain().finally(() => {
      this.checkedAt = this.now();
      this.checking = null;
    });
    return this.checking;
  }

  private async lookAgain(): Promise<void> {
    const path = this.setting.get();
    this.path = path;
    if (path === null) {
      this.read = null;
      this.problem = null;
      return;
    }
    try {
      const version = await caFileVersion(path);
      const known = this.read;
      if (known !== null && known.path === path && known.version.mtimeMs === version.mtimeMs && known.version.size === version.size) {
        this.problem = null;
        return;
      }
      const contents = await readCaFile(path);
      this.read = {
        path,
        version: contents,
        count: contents.certificates.length,
        trusted: trustWith(contents.certificates, this.defaults()),
      };
      this.problem = null;
    } catch (err) {
      const reason = err instanceof CrmError ? err.message : `${path} cannot be read.`;
      if (reason !== this.problem) {
        const kept = this.read !== null && this.read.path === path ? ' The certificates read from it before are still trusted.' : '';
        this.options.log?.(`The CA file cannot be used: ${reason}${kept}`);
      }
      this.problem = reason;
    }
  }
}
