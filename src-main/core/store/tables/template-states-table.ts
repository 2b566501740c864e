// The ONE owner of template_states: each profile's message templates as last learned, from a
// listing or from the service's template webhooks, so the window and any `crm` process agree on
// which are approved, paused, rejected (and why), their quality, and the category each was
// approved with (kept when Meta moves it). A listing replaces the profile's rows in one
// transaction; a webhook changes one row.
import type { ManagedTemplate, TemplateQuality } from '../../../shared/template-lifecycle';
import { camelSelect } from '../camel-select';
import type { SqliteDatabase } from '../sqlite';
import { watchTables } from './table-versions';

/** the table (schema version 17), watched so other processes show its changes */
export function createTemplateStatesTable(db: SqliteDatabase): void {
  db.exec(`
    CREATE TABLE template_states (
      profile_id TEXT NOT NULL,
      name TEXT NOT NULL,
      language TEXT NOT NULL,
      template_id TEXT,
      status TEXT NOT NULL,
      category TEXT,
      approved_category TEXT,
      quality TEXT NOT NULL,
      rejected_reason TEXT,
      body TEXT,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, name, language)
    ) WITHOUT ROWID;
  `);
  watchTables(db, ['template_states']);
}

const NAMED_COLUMNS = 'name, language, status, category, approved_category, quality, rejected_reason, body, updated_at';

/** a row as a ManagedTemplate (its quality is one the table was written with) */
const SELECTED = `template_id AS id, ${camelSelect(NAMED_COLUMNS)}`;

/** one change a webhook announced; absent fields stay as they are */
export interface StateChange {
  status?: string;
  rejectedReason?: string | null;
  quality?: TemplateQuality;
  category?: string;
  previousCategory?: string | null;
}

/** how a webhook names a template: its id, or its name and language */
export interface TemplateNamed {
  id: string | null;
  name: string | null;
  language: string | null;
}

/** profile, name, language, id, status, category, approved category, quality, reason, body, updated at */
type UpsertRow = [
  string,
  string,
  string,
  string | null,
  string,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  string,
];

export class TemplateStatesTable {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
      list: db.prepare<[string], ManagedTemplate>(`SELECT ${SELECTED} FROM template_states WHERE profile_id = ? ORDER BY name, language`),
      // the approved category is the first one seen approved (or the one a listing says it had), never moved by a later listing
      upsert: db.prepare<UpsertRow>(
        `INSERT INTO template_states
           (profile_id, name, language, template_id, status, category, approved_category, quality, rejected_reason, body, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, name, language) DO UPDATE SET
           template_id = excluded.template_id, status = excluded.status, category = excluded.category,
           approved_category = COALESCE(template_states.approved_category, excluded.approved_category), quality = excluded.quality,
           rejected_reason = excluded.rejected_reason, body = excluded.body, updated_at = excluded.updated_at`,
      ),
      clear: db.prepare<[string]>('DELETE FROM template_states WHERE profile_id = ?'),
      removeName: db.prepare<[string, string]>('DELETE FROM template_states WHERE profile_id = ? AND name = ?'),
      find: db.prepare<[string, string | null, string | null, string | null], ManagedTemplate>(
        `SELECT ${SELECTED} FROM template_states
         WHERE profile_id = ? AND ((template_id IS NOT NULL AND template_id = ?) OR (name = ? AND language = ?)) LIMIT 1`,
      ),
      update: db.prepare<[string, string | null, string, string | null, string | null, string, string, string, string]>(
        `UPDATE template_states SET status = ?, rejected_reason = ?, quality = ?, category = ?, approved_category = ?, updated_at = ?
         WHERE profile_id = ? AND name = ? AND language = ?`,
      ),
    };
  }

  list(profileId: string): ManagedTemplate[] {
    return this.statements.list.all(profileId);
  }

  /** the service's whole listing: what it no longer lists is gone */
  replace(profileId: string, templates: readonly Omit<ManagedTemplate, 'updatedAt'>[], now: string): void {
    this.db.transaction(() => {
      const kept = new Map(this.list(profileId).map((t) => [`${t.name}\n${t.language}`, t]));
      this.statements.clear.run(profileId);
      for (const t of templates) {
        const before = kept.get(`${t.name}\n${t.language}`);
        const approved = before?.approvedCategory ?? t.approvedCategory ?? (t.status === 'APPROVED' ? t.category : null);
        const same = before !== undefined && before.status === t.status && before.quality === t.quality && before.category === t.category;
        const at = same ? before.updatedAt : now;
        const { name, language, id, status, category, quality, rejectedReason, body } = t;
        this.statements.upsert.run(profileId, name, language, id, status, category, approved, quality, rejectedReason, body, at);
      }
    })();
  }

  /** a change a webhook announced, for the template it names; false when none is kept */
  apply(profileId: string, named: TemplateNamed, change: StateChange, now: string): boolean {
    // read and written in one transaction: another process's listing cannot land between them
    return this.db.transaction(() => this.applyNow(profileId, named, change, now))();
  }

  private applyNow(profileId: string, named: TemplateNamed, change: StateChange, now: string): boolean {
    const t = this.statements.find.get(profileId, named.id, named.name, named.language);
    if (t === undefined) return false;
    const status = change.status ?? t.status;
    const category = change.category ?? t.category;
    const approved = t.approvedCategory ?? change.previousCategory ?? (status === 'APPROVED' ? t.category : null);
    const reason = change.status === undefined ? t.rejectedReason : (change.rejectedReason ?? null);
    this.statements.update.run(status, reason, change.quality ?? t.quality, category, approved, now, profileId, t.name, t.language);
    return true;
  }

  /** a template the person deleted (every language of the name, as Meta deletes) */
  remove(profileId: string, name: string): void {
    this.statements.removeName.run(profileId, name);
  }
}
