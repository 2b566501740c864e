// One JSON document on disk, loaded once, changed through a serialised chain of atomic writes
// (storage/atomic-file.ts). A file that does not parse, or parses to the wrong shape, is set
// aside as `<name>.corrupt-<time>` with a notice, and the store starts clean: the person keeps
// a working app and the old bytes for support.
import { rename } from 'node:fs/promises';
import { basename } from 'node:path';
import { CrmError } from '../errors';
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file';

export interface JsonDocOptions<T> {
  path: string;
  /** a fresh, empty document */
  empty: () => T;
  /** returns the document when `raw` has the expected shape, null otherwise */
  validate: (raw: unknown) => T | null;
  /** called with a person-readable message when a file was set aside */
  onNotice?: (message: string) => void;
  now?: () => Date;
  /**
   * true when the file as read carries something the validated document leaves out on purpose
   * (fields older builds wrote that must not stay on disk): it is written back at once
   */
  rewriteIf?: (raw: unknown) => boolean;
}

export class JsonDoc<T> {
  private current: T | null = null;
  private loading: Promise<T> | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly options: JsonDocOptions<T>;

  constructor(options: JsonDocOptions<T>) {
    this.options = options;
  }

  get path(): string {
    return this.options.path;
  }

  /** the current document (a deep copy: callers cannot change the stored state by accident) */
  async read(): Promise<T> {
    return structuredClone(await this.load());
  }

  /**
   * Applies `mutate` to a copy of the document and writes it atomically; writes run one after
   * another. `mutate` may throw (a CrmError) to refuse the change: nothing is written then.
   * Resolves with what `mutate` returned.
   */
  update<R>(mutate: (doc: T) => R): Promise<R> {
    const run = async (): Promise<R> => {
      const base = await this.load();
      const next = structuredClone(base);
      const result = mutate(next);
      try {
        await writeJsonAtomic(this.options.path, next);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
        throw new CrmError('internal', `Could not save ${basename(this.options.path)} (${code}).`);
      }
      this.current = next;
      return result;
    };
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** resolves when every queued write has finished */
  async flush(): Promise<void> {
    await this.chain;
  }

  private load(): Promise<T> {
    if (this.current) return Promise.resolve(this.current);
    if (!this.loading) {
      this.loading = this.readFromDisk().then((doc) => {
        this.current = doc;
        return doc;
      });
      this.loading.catch(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  private async readFromDisk(): Promise<T> {
    const { path, empty, validate } = this.options;
    const { value, corrupt } = await readJsonFile<unknown>(path, undefined);
    if (value === undefined && !corrupt) return empty();
    const doc = corrupt ? null : validate(value);
    if (doc) {
      if (this.options.rewriteIf?.(value)) {
        // best effort: the next change writes the file again anyway
        await writeJsonAtomic(path, doc).catch(() => undefined);
      }
      return doc;
    }
    const stamp = (this.options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const aside = `${path}.corrupt-${stamp}`;
    try {
      await rename(path, aside);
      this.options.onNotice?.(`${basename(path)} could not be read and was set aside as ${basename(aside)}; starting with an empty one.`);
    } catch {
      this.options.onNotice?.(`${basename(path)} could not be read; starting with an empty one.`);
    }
    return empty();
  }
}
