// Earlier versions kept profiles, key records and the record of sent messages in JSON files in
// the data folder. The first process of this version to open crm.db reads them in, once, inside
// one IMMEDIATE transaction that also records that the import happened: two processes starting
// together never import twice, and a crash mid-import leaves nothing half-imported.
//
// After the commit each file is kept as `<name>.imported`, read-only: a backup a person can return
// to, which no process of this version reads again. The profiles and keys backups are written
// from what was imported (the schemas drop anything that is not a domain field, such as the
// guessable key hashes very old files carried), so the backup holds nothing the app would not keep. A file that
// does not parse is set aside as `<name>.corrupt-<time>` with a notice, as before.
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseKeysDoc, parseProfilesDoc, type KeysDoc, type ProfilesDoc } from '../meta/schemas';
import type { SentRecord } from '../messages/sent-record';
import { isSentRecord } from '../messages/sent-record';
import type { SqliteDatabase } from './sqlite';
import { KeysCodec } from './tables/keys-table';
import { ProfilesCodec } from './tables/profiles-table';
import { SentMessagesTable } from './tables/sent-messages-table';
import { SettingsTable } from './tables/settings-table';

export const LEGACY_PROFILES_FILE = 'profiles.json';
export const LEGACY_KEYS_FILE = 'keys.json';
export const LEGACY_SENT_FILE = join('history', 'sent-messages.json');
export const IMPORTED_SUFFIX = '.imported';

export interface LegacyImportOptions {
  onNotice?: (message: string) => void;
  now?: () => Date;
}

/** what one file held: its parsed content, or why it was not taken */
type Reading<T> = { state: 'absent' } | { state: 'read'; value: T } | { state: 'unreadable' };

function readLegacy<T>(path: string, parse: (raw: unknown) => T | null): Reading<T> {
  if (!existsSync(path)) return { state: 'absent' };
  try {
    const value = parse(JSON.parse(readFileSync(path, 'utf8')) as unknown);
    return value === null ? { state: 'unreadable' } : { state: 'read', value };
  } catch {
    return { state: 'unreadable' };
  }
}

function parseSentRecords(raw: unknown): SentRecord[] | null {
  const records = typeof raw === 'object' && raw !== null ? (raw as { records?: unknown }).records : undefined;
  return Array.isArray(records) ? records.filter(isSentRecord) : null;
}

const EMPTY_PROFILES: ProfilesDoc = { version: 1, activeProfileId: null, profiles: [] };
const EMPTY_KEYS: KeysDoc = { version: 1, keys: [] };

/**
 * Imports the JSON files of earlier versions into `db` when this data folder never had them
 * imported. Returns the names of the files imported (empty when nothing was to do).
 */
export function importLegacyFiles(db: SqliteDatabase, dataDir: string, options: LegacyImportOptions = {}): string[] {
  const now = options.now ?? (() => new Date());
  const settings = new SettingsTable(db);
  if (settings.get('legacy_import_at') !== null) return [];
  const files = {
    profiles: join(dataDir, LEGACY_PROFILES_FILE),
    keys: join(dataDir, LEGACY_KEYS_FILE),
    sent: join(dataDir, LEGACY_SENT_FILE),
  };
  const run = db.transaction((): { imported: Imported[]; unreadable: string[] } => {
    // read again under the write lock: another process may have imported meanwhile
    if (settings.get('legacy_import_at') !== null) return { imported: [], unreadable: [] };
    const imported: Imported[] = [];
    const unreadable: string[] = [];
    const profiles = readLegacy(files.profiles, parseProfilesDoc);
    if (profiles.state === 'read') {
      new ProfilesCodec(db).save(EMPTY_PROFILES, profiles.value);
      imported.push({ path: files.profiles, kept: profiles.value });
    } else if (profiles.state === 'unreadable') unreadable.push(files.profiles);
    const keys = readLegacy(files.keys, parseKeysDoc);
    if (keys.state === 'read') {
      new KeysCodec(db).save(EMPTY_KEYS, keys.value);
      imported.push({ path: files.keys, kept: keys.value });
    } else if (keys.state === 'unreadable') unreadable.push(files.keys);
    const sent = readLegacy(files.sent, parseSentRecords);
    if (sent.state === 'read') {
      new SentMessagesTable(db).importRecords(sent.value);
      imported.push({ path: files.sent });
    } else if (sent.state === 'unreadable') unreadable.push(files.sent);
    settings.set('legacy_import_at', now().toISOString());
    return { imported, unreadable };
  });
  const { imported, unreadable } = run.immediate();
  for (const file of imported) keepAsBackup(file);
  for (const path of unreadable) setAside(path, now(), options.onNotice);
  if (imported.length > 0) {
    options.onNotice?.(
      `Profiles, keys and sent messages of the earlier version were moved into crm.db; the old files are kept read-only as *${IMPORTED_SUFFIX}.`,
    );
  }
  return imported.map((file) => file.path);
}

interface Imported {
  path: string;
  /** what the backup holds instead of the file's own bytes */
  kept?: unknown;
}

function keepAsBackup({ path, kept }: Imported): void {
  const backup = `${path}${IMPORTED_SUFFIX}`;
  try {
    if (kept === undefined) {
      renameSync(path, backup);
      chmodSync(backup, 0o400);
    } else {
      writeFileSync(backup, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o400 });
      rmSync(path, { force: true });
    }
  } catch {
    // the platform ignores modes, or the file went meanwhile: the import itself holds
  }
}

function setAside(path: string, at: Date, onNotice: ((message: string) => void) | undefined): void {
  const name = basename(path);
  const aside = `${path}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(path, aside);
    onNotice?.(`${name} could not be read and was set aside as ${basename(aside)}; starting with an empty one.`);
  } catch {
    onNotice?.(`${name} could not be read; starting with an empty one.`);
  }
}
