// The ONE owner of the profiles table: each service the console talks to, with its API
// description. ProfileManager and ApiEditor change it only through the profiles document
// (meta/stores.ts), one transaction per change. No key value is ever a column here.
import type { Profile } from '../../model';
import { profileSchema, type ProfilesDoc } from '../../meta/schemas';
import type { SqliteDatabase } from '../sqlite';
import { jsonColumn, parseJsonColumn } from '../row-diff';
import { RowsCodec } from '../rows-codec';

export function createProfilesTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE profiles (
      id TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      base_url TEXT NOT NULL,
      endpoint_overrides TEXT NOT NULL,
      api TEXT,
      active_key_id TEXT,
      sandbox INTEGER NOT NULL,
      allow_insecure_http INTEGER NOT NULL,
      created_at TEXT NOT NULL
    );
  `);
}

/** schema 18: whether the person marked the profile live (shared/live-guard.ts); every older profile is not */
export function addProfileLive(db: SqliteDatabase): void {
  db.exec('ALTER TABLE profiles ADD COLUMN live INTEGER NOT NULL DEFAULT 0');
}

interface ProfileRow {
  id: string;
  position: number;
  name: string;
  base_url: string;
  endpoint_overrides: string;
  api: string | null;
  active_key_id: string | null;
  sandbox: number;
  allow_insecure_http: number;
  created_at: string;
  live: number;
}

function rowOf(p: Profile, position: number): Record<string, string | number | null> {
  return {
    id: p.id,
    position,
    name: p.name,
    base_url: p.baseUrl,
    endpoint_overrides: JSON.stringify(p.endpointOverrides),
    api: jsonColumn(p.api),
    active_key_id: p.activeKeyId,
    sandbox: p.sandbox ? 1 : 0,
    allow_insecure_http: p.allowInsecureHttp ? 1 : 0,
    created_at: p.createdAt,
    live: p.live === true ? 1 : 0,
  };
}

/** a row as a Profile; null when it does not pass the schema (a damaged description alone falls back to docs/API.md) */
function profileOf(row: ProfileRow): Profile | null {
  const parsed = profileSchema.safeParse({
    id: row.id,
    name: row.name,
    baseUrl: row.base_url,
    endpointOverrides: parseJsonColumn(row.endpoint_overrides, {}),
    api: parseJsonColumn(row.api),
    activeKeyId: row.active_key_id,
    sandbox: row.sandbox === 1,
    allowInsecureHttp: row.allow_insecure_http === 1,
    createdAt: row.created_at,
    // absent rather than false: a profile never marked reads as it did before live existed
    ...(row.live === 1 ? { live: true } : {}),
  });
  return parsed.success ? (parsed.data as Profile) : null;
}

/** the profiles columns a profile's row is written with (rowOf gives each) */
const PROFILE_COLUMNS = [
  'id',
  'position',
  'name',
  'base_url',
  'endpoint_overrides',
  'api',
  'active_key_id',
  'sandbox',
  'allow_insecure_http',
  'created_at',
  'live',
] as const;

export class ProfilesCodec extends RowsCodec<ProfilesDoc, ProfileRow> {
  constructor(db: SqliteDatabase, onUnreadable?: (message: string) => void) {
    super(db, { table: 'profiles', columns: PROFILE_COLUMNS, orderBy: 'position, created_at, id' }, onUnreadable);
  }

  load(): ProfilesDoc {
    const read = this.readRows(
      profileOf,
      (row) => `The profile ${JSON.stringify(row.name)} in crm.db could not be read and is left out; it stays in the file.`,
    );
    const profiles = read.map(({ item }) => item);
    // the window's choice only once it made one: a folder where it never chose reads as before
    const windowProfileId = this.settings.get('window_profile_id');
    const windowChoice = windowProfileId === null ? {} : { windowProfileId };
    return { version: 1, activeProfileId: this.settings.get('active_profile_id'), ...windowChoice, profiles };
  }

  save(before: ProfilesDoc, after: ProfilesDoc): void {
    this.writeRows(before.profiles, after.profiles, { idOf: (p) => p.id, rowOf });
    if (before.activeProfileId !== after.activeProfileId) this.settings.set('active_profile_id', after.activeProfileId);
    const windowChoice = after.windowProfileId ?? null;
    if ((before.windowProfileId ?? null) !== windowChoice) this.settings.set('window_profile_id', windowChoice);
  }
}
