// The profiles of a data folder, read without writing anything to it: for a process that only
// borrows a profile's address and API description (a `crm` command run with CRM_API_KEY). The
// database is opened read-only; a folder an earlier version left has only profiles.json, which
// is read as it is (importing it is the job of a process that writes).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProfilesDoc, type ProfilesDoc } from '../meta/schemas';
import { BUSY_TIMEOUT_MS, DATABASE_FILE } from './database';
import { LEGACY_PROFILES_FILE } from './legacy-import';
import { refuseNewer } from './migrate';
import { ProfilesCodec } from './tables/profiles-table';
import { MIGRATIONS } from './schema';
import { SettingsTable } from './tables/settings-table';
import { openSqlite } from './sqlite';

const NONE: ProfilesDoc = { version: 1, activeProfileId: null, profiles: [] };

export function readProfilesOnly(dataDir: string): ProfilesDoc {
  const path = join(dataDir, DATABASE_FILE);
  if (existsSync(path)) {
    const db = openSqlite(path, { readonly: true, timeout: BUSY_TIMEOUT_MS });
    try {
      refuseNewer(db, MIGRATIONS);
      if (new SettingsTable(db).get('legacy_import_at') !== null) return new ProfilesCodec(db).load();
    } catch (err) {
      // a database from before profiles moved into it has no such table: the JSON file still holds them
      if ((err as { code?: unknown }).code !== 'SQLITE_ERROR') throw err;
    } finally {
      db.close();
    }
  }
  return readLegacyProfiles(join(dataDir, LEGACY_PROFILES_FILE));
}

function readLegacyProfiles(path: string): ProfilesDoc {
  try {
    return parseProfilesDoc(JSON.parse(readFileSync(path, 'utf8')) as unknown) ?? NONE;
  } catch {
    return NONE;
  }
}
