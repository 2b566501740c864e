// This app's record of the messages it sent: the last RECORD_LIMIT sends, in one JSON file in the
// data folder, written atomically (temp file, fsync, rename: ARCHITECTURE.md invariant 7), so a
// crash leaves the old list or the new one, never half of one. The store is the file's only
// owner; whoever shows the record asks here.
//
// Each append reads the file again first, so sends another process (the app and `crm` share the
// data folder) added since are kept. Appends in this process are queued one after another; two
// processes finishing a send in the same few milliseconds could still lose one RECORD line (the
// message itself was sent either way), which is why this is a record for display, never a ledger
// anything is decided from.
import { randomBytes } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { readJsonFile, writeFileAtomic } from '../storage/atomic-file';
import type { SentRecord } from './sent-record';
import { isSentRecord } from './sent-record';

const RECORD_LIMIT = 5_000;
export const RECORD_FILE = 'sent-messages.json';

interface RecordFile {
  version: 1;
  /** oldest first */
  records: SentRecord[];
}

export interface SentRecordStoreOptions {
  /** how many sends are kept (the oldest go first); default RECORD_LIMIT */
  limit?: number;
  /** a damaged file was set aside: said once, for the app log */
  onProblem?: (message: string) => void;
  now?: () => Date;
}

export class SentRecordStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limit: number;
  private readonly now: () => Date;

  constructor(
    private readonly path: string,
    private readonly options: SentRecordStoreOptions = {},
  ) {
    this.limit = options.limit ?? RECORD_LIMIT;
    this.now = options.now ?? (() => new Date());
  }

  /** oldest first; waits for the appends queued before it */
  read(): Promise<SentRecord[]> {
    return this.serially(() => this.load());
  }

  append(record: SentRecord): Promise<void> {
    return this.serially(async () => {
      const records = await this.load();
      records.push(record);
      await this.save(records.slice(-this.limit));
    });
  }

  /** a new record id: the time first, so ids sort roughly by age, then randomness */
  newId(): string {
    return `r_${this.now().getTime().toString(36)}${randomBytes(5).toString('hex')}`;
  }

  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step, step);
    // one failure must not stop every later read or append
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(): Promise<SentRecord[]> {
    const { value, corrupt } = await readJsonFile<unknown>(this.path, null);
    if (corrupt) {
      await this.setAside();
      return [];
    }
    const records = typeof value === 'object' && value !== null ? (value as Partial<RecordFile>).records : undefined;
    return Array.isArray(records) ? records.filter(isSentRecord) : [];
  }

  /** one record per line: a file a person can read, without the indentation of 5,000 objects */
  private async save(records: SentRecord[]): Promise<void> {
    const lines = records.map((r) => JSON.stringify(r)).join(',\n');
    await writeFileAtomic(this.path, `{"version":1,"records":[${lines === '' ? '' : `\n${lines}\n`}]}\n`);
  }

  /** a file that does not parse is kept aside for a person to look at, never silently overwritten */
  private async setAside(): Promise<void> {
    const aside = `${this.path}.damaged-${this.now().getTime()}`;
    try {
      await rename(this.path, aside);
      this.options.onProblem?.(`The record of sent messages could not be read; it was set aside as ${aside} and a new one was started.`);
    } catch {
      // another process set it aside first
    }
  }
}
