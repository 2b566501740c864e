// Replies and delivery states in crm.db are bounded per profile: one profile's traffic (an
// unsigned sandbox's flood) pushes out only its own oldest rows, never another profile's (a
// signed service's genuine reply), and one delivery stores at most DELIVERY_EVENTS_LIMIT events.
import { describe, expect, it } from 'vitest';
import type { ReceivedEvent, StatusEvent } from '../../../../src-main/core/events/event-finder';
import {
  CONVERSATION_ROWS_LIMIT,
  ConversationTables,
  DELIVERY_EVENTS_LIMIT,
} from '../../../../src-main/core/store/tables/conversation-tables';
import { openDatabase } from '../../../../src-main/core/store/database';
import { tempDir } from '../../helpers/temp-dir';

const NUMBER = '5511999990000';

function reply(id: string): ReceivedEvent {
  return { kind: 'received', messageId: id, number: NUMBER, text: `reply ${id}`, type: 'text', at: null, name: null, media: null };
}

function delivered(id: string): StatusEvent {
  return { kind: 'status', messageId: id, state: 'delivered', number: NUMBER, at: null, reason: null };
}

const ids = (prefix: string, from: number, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}${from + i}`);

describe('ConversationTables bounds', () => {
  it('a profile filled past its limit keeps its newest rows, and every row of another profile stays', async () => {
    const db = openDatabase(await tempDir('crm-conversations-'));
    const notes: string[] = [];
    const tables = new ConversationTables(db, {}, (m) => notes.push(m));
    const at = new Date('2024-05-01T10:00:00Z');
    // the signed profile's genuine reply and the state of its send
    tables.record('signed', [reply('genuine')], [delivered('sent-1')], at);

    // the sandbox's posts, one after another (500 replies and 500 states each), past the limit of rows
    const post = 500;
    expect(2 * post).toBeLessThanOrEqual(DELIVERY_EVENTS_LIMIT);
    const deliveries = CONVERSATION_ROWS_LIMIT / post + 1;
    for (let d = 0; d < deliveries; d += 1) {
      tables.record('sandbox', ids('r', d * post, post).map(reply), ids('s', d * post, post).map(delivered), at);
    }
    const count = (table: string, profile: string): number =>
      db.prepare<[string], number>(`SELECT count(*) FROM ${table} WHERE profile_id = ?`).pluck().get(profile) ?? 0;

    expect(tables.receivedOne('signed', 'genuine')?.text).toBe('reply genuine');
    expect(tables.statesOf('signed', ['sent-1']).get('sent-1')?.state).toBe('delivered');
    expect(count('received_messages', 'sandbox')).toBe(CONVERSATION_ROWS_LIMIT);
    expect(count('message_states', 'sandbox')).toBe(CONVERSATION_ROWS_LIMIT);
    expect(tables.receivedOne('sandbox', `r${deliveries * post - 1}`)).not.toBeNull();
    expect(tables.receivedOne('sandbox', `r${post - 1}`)).toBeNull();
    expect(notes).toEqual([]);
    db.close();
  });

  it('a delivery of more events than the limit is cut to the limit, with a note', async () => {
    const db = openDatabase(await tempDir('crm-conversations-'));
    const notes: string[] = [];
    const tables = new ConversationTables(db, { rows: 100, perDelivery: 10 }, (m) => notes.push(m));
    const changed = tables.record('p', ids('r', 0, 8).map(reply), ids('s', 0, 7).map(delivered), new Date());
    expect(changed).toEqual([...ids('r', 0, 8), 's0', 's1']);
    expect(notes).toEqual(['A delivery for profile p held 15 message events; the first 10 were kept and 5 dropped.']);
    // within the limit: no note
    tables.record('p', [reply('x')], [], new Date());
    expect(notes).toHaveLength(1);
    db.close();
  });

  it('past its row limit a profile loses its own oldest rows only', async () => {
    const db = openDatabase(await tempDir('crm-conversations-'));
    const tables = new ConversationTables(db, { rows: 5, perDelivery: 50 });
    tables.record('a', ids('a', 0, 3).map(reply), ids('as', 0, 3).map(delivered), new Date());
    tables.record('b', ids('b', 0, 20).map(reply), ids('bs', 0, 20).map(delivered), new Date());
    expect(tables.receivedByAll('a', 100).map((r) => r.messageId)).toEqual(['a2', 'a1', 'a0']);
    expect(tables.receivedByAll('b', 100).map((r) => r.messageId)).toEqual(['b19', 'b18', 'b17', 'b16', 'b15']);
    expect([...tables.statesOf('a', ids('as', 0, 3)).keys()].sort()).toEqual(['as0', 'as1', 'as2']);
    expect(tables.statesOf('b', ids('bs', 0, 20)).size).toBe(5);
    db.close();
  });

  it('deliveries written as one group are trimmed once at its end, to the same bound', async () => {
    const db = openDatabase(await tempDir('crm-conversations-'));
    const tables = new ConversationTables(db, { rows: 5, perDelivery: 50 });
    let inside = 0;
    db.transaction(() =>
      tables.trimmingOnceAfter(() => {
        for (let i = 0; i < 12; i += 1) tables.record('g', [reply(`g${i}`)], [delivered(`gs${i}`)], new Date());
        inside = tables.receivedByAll('g', 100).length;
      }),
    ).immediate();
    expect(inside).toBe(12);
    expect(tables.receivedByAll('g', 100).map((r) => r.messageId)).toEqual(['g11', 'g10', 'g9', 'g8', 'g7']);
    expect(tables.statesOf('g', ids('gs', 0, 12)).size).toBe(5);
    db.close();
  });
});

describe('whether a profile ever heard from its service', () => {
  it('no event yet: no; a reply or a delivery state alone: yes, for that profile only', async () => {
    const db = openDatabase(await tempDir('crm-conversations-'));
    const tables = new ConversationTables(db);
    expect(tables.anyEvent('replies')).toBe(false);
    tables.record('replies', [reply('r1')], [], new Date());
    tables.record('states', [], [delivered('s1')], new Date());
    expect(tables.anyEvent('replies')).toBe(true);
    expect(tables.anyEvent('states')).toBe(true);
    expect(tables.anyEvent('silent')).toBe(false);
    db.close();
  });
});
