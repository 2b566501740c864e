// Schema 18: who made each send, and which profiles are live. A file from before keeps its rows,
// which read as "unknown sender" and "not live"; new rows keep what they were given.
import { describe, expect, it } from 'vitest';
import type { SentRecord } from '../../../../src-main/core/messages/sent-record';
import { sentRecordOf } from '../../../../src-main/core/messages/sent-record';
import { openDatabase } from '../../../../src-main/core/store/database';
import { latestVersion, migrate, userVersion } from '../../../../src-main/core/store/migrate';
import { ProfilesCodec } from '../../../../src-main/core/store/tables/profiles-table';
import { MIGRATIONS } from '../../../../src-main/core/store/schema';
import { SentMessagesTable } from '../../../../src-main/core/store/tables/sent-messages-table';
import { openSqlite } from '../../../../src-main/core/store/sqlite';
import { tempDir } from '../../helpers/temp-dir';
import { insertSentAsBefore } from './old-rows';

/** the step that added the sender column, whatever number it has */
const SENDER_STEP = MIGRATIONS.find((m) => m.name.startsWith('who made each send'));

function record(id: string, extra: Partial<SentRecord> = {}): SentRecord {
  const at = '2025-02-01T10:00:00.000Z';
  const number = '5511988887777';
  const text = `hello ${id}`;
  return {
    id,
    profileId: 'p1',
    kind: 'text',
    number,
    text,
    fileName: null,
    status: 'sent',
    at,
    messageId: `m_${id}`,
    origin: 'sent',
    ...extra,
  };
}

describe('schema: senders and live profiles', () => {
  it('a file from before the step keeps its sends (sender unknown) and profiles (not live); new rows keep theirs', async () => {
    expect(SENDER_STEP).toBeDefined();
    const before = (SENDER_STEP?.version ?? 0) - 1;
    const dir = await tempDir('crm-sender-');
    const old = openSqlite(`${dir}/crm.db`);
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= before),
    );
    // rows as a file of that version holds them (today's tables write the new columns)
    insertSentAsBefore(old, record('r_old', { at: '2025-01-01T00:00:00.000Z' }));
    const columns = 'id, position, name, base_url, endpoint_overrides, api, active_key_id, sandbox, allow_insecure_http, created_at';
    const values = "'p1', 0, 'Shop', 'https://graph.example.com', '{}', NULL, NULL, 0, 0, '2025-01-01T00:00:00.000Z'";
    old.prepare(`INSERT INTO profiles (${columns}) VALUES (${values})`).run();
    old.close();

    const db = openDatabase(dir);
    expect(userVersion(db)).toBe(latestVersion(MIGRATIONS));
    const table = new SentMessagesTable(db);
    await table.append(record('r_crm', { sender: 'crm' }));
    await table.append(record('r_outbox', { sender: 'outbox' }));
    expect((await table.read()).map((r) => [r.id, r.sender])).toEqual([
      ['r_old', null],
      ['r_crm', 'crm'],
      ['r_outbox', 'outbox'],
    ]);

    const codec = new ProfilesCodec(db);
    const doc = codec.load();
    expect(doc.profiles.map((p) => [p.name, p.live === true])).toEqual([['Shop', false]]);
    const marked = { ...doc, profiles: doc.profiles.map((p) => ({ ...p, live: true })) };
    codec.save(doc, marked);
    expect(new ProfilesCodec(openDatabase(dir)).load().profiles.map((p) => p.live)).toEqual([true]);
  });

  it('a row whose sender is not one we know is left out rather than shown with a made-up label', async () => {
    const db = openDatabase(await tempDir('crm-sender-'));
    const table = new SentMessagesTable(db);
    await table.append(record('r_ok', { sender: 'window' }));
    db.prepare("UPDATE sent_messages SET sender = 'someone' WHERE id = 'r_ok'").run();
    await table.append(record('r_next', { sender: 'crm' }));
    expect((await table.read()).map((r) => r.id)).toEqual(['r_next']);
  });

  it('a send is labelled by the process that recorded it, the outbox by itself, and a replay when it says so', () => {
    const number = '5511988887777';
    const message = { id: 'm1', type: 'text' as const, number, status: 'sent', createdAt: null, raw: {}, understood: true };
    const base = { profileId: 'p1', message };
    const op = { op: 'messages.text' as const, idempotencyKey: 'k', input: { number, text: 'hi' } };
    const at = new Date('2025-02-01T10:00:00.000Z');
    const of = (extra: { origin: 'sent' | 'outbox' | 'replayed'; sender?: 'replay' }, process: 'window' | 'crm') =>
      sentRecordOf({ ...base, op, ...extra }, (t) => t, at, 'r', process).sender;
    expect(of({ origin: 'sent' }, 'crm')).toBe('crm');
    expect(of({ origin: 'sent' }, 'window')).toBe('window');
    expect(of({ origin: 'replayed' }, 'crm')).toBe('crm');
    expect(of({ origin: 'outbox' }, 'window')).toBe('outbox');
    expect(of({ origin: 'sent', sender: 'replay' }, 'window')).toBe('replay');
  });
});
