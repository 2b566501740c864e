// The ONE owner of the settings table: small named values the whole data folder shares (the
// active profile, the tag check of key fingerprints, the record of a one-time import). Values
// are JSON; a value that no longer parses reads as absent rather than stopping the app.
import type { SqliteDatabase } from '../sqlite';

/** every setting, by name: adding one here is the only way to store one */
export interface Settings {
  /** the profile the window and `crm` use when none is named */
  active_profile_id: string | null;
  /** names the keychain key that key value tags were made with (key-identity.ts), never the key */
  key_tag_check: string | null;
  /** when the JSON files of older versions were read into this database (ISO 8601) */
  legacy_import_at: string | null;
  /** the PEM file whose certificates every connection trusts beside the defaults (a full path; ca-file-trust.ts) */
  ca_file: string | null;
  /** the whole-request deadline in seconds (request-deadline.ts); absent: the default */
  request_deadline_s: number | null;
  /** false: a reply that arrives while the window is not focused shows no desktop notification; absent: it does */
  reply_notices: boolean | null;
  /** how many megabytes the files contacts sent may take in the data folder (inbound-media.ts); absent: the default */
  media_cap_mb: number | null;
  /** false: opening a conversation does not tell the service it was read; absent: it does where the service has read receipts */
  read_receipts: boolean | null;
  /** the profile the window works with, chosen in the window (profiles/profile-choice.ts); absent: the terminal's */
  window_profile_id: string | null;
}

export type SettingName = keyof Settings;

export function createSettingsTable(db: SqliteDatabase): void {
  db.exec('CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
}

export class SettingsTable {
  private readonly statements;

  constructor(db: SqliteDatabase) {
    this.statements = {
      get: db.prepare<[string], string>('SELECT value FROM settings WHERE name = ?').pluck(),
      put: db.prepare<[string, string]>(
        'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
      ),
      remove: db.prepare<[string]>('DELETE FROM settings WHERE name = ?'),
    };
  }

  get<N extends SettingName>(name: N): Settings[N] | null {
    const raw = this.statements.get.get(name);
    if (raw === undefined) return null;
    try {
      return JSON.parse(raw) as Settings[N];
    } catch {
      return null;
    }
  }

  /** null removes the setting */
  set<N extends SettingName>(name: N, value: Settings[N] | null): void {
    if (value === null) this.statements.remove.run(name);
    else this.statements.put.run(name, JSON.stringify(value));
  }
}
