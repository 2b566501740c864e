// A burst of signed webhook posts over loopback into a real crm.db, the way a service delivers a
// stream: the listener shares commits between posts that arrive together (group commit), and
// still answers each only once its event is on disk (a second connection, which sees only what
// was committed, finds it at the moment of the answer); every event is stored exactly once, with
// its inspector row, and indexed for search by the listener itself; one event whose effects fail
// is answered 500 and leaves nothing, the others of its group stored; and a second process
// writing the same file during the burst loses nothing.
// Run inside the keyring harness (the webhook secret lives in the keychain); elsewhere skipped.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/core/create-core';
import { WebhookInspector } from '../../../../src-main/core/events/webhooks/webhook-inspector';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../src-main/core/events/webhooks/webhook-receiver';
import { webhookTargetOf } from '../../../../src-main/core/events/webhooks/webhook-target';
import { openDatabase, type SqliteDatabase } from '../../../../src-main/core/store/database';
import { GroupCommit } from '../../../../src-main/core/store/group-commit';
import { ConversationTables } from '../../../../src-main/core/store/tables/conversation-tables';
import { WebhookDeliveriesTable } from '../../../../src-main/core/store/tables/webhook-deliveries-table';
import type { SandboxEvent } from '../../../../src-main/sandbox/events/event-types';
import { webhookRequest } from '../../../../src-main/sandbox/events/webhook-request';
import { keychainAvailable } from '../../helpers/index';
import { openTestCore, type TestCore } from '../../helpers/core';
import { tempDir } from '../../helpers/temp-dir';
import { startWriterChild } from '../../helpers/writer-child';

const available = await keychainAvailable();
const SECRET = 'whsec_burst_test_secret_4417';
const WRITER = fileURLToPath(new URL('../../../fixtures/inbox-writer-child.ts', import.meta.url));

let tc: TestCore | null = null;
let receiver: WebhookReceiver | null = null;
let connections: SqliteDatabase[] = [];
afterEach(async () => {
  await receiver?.close();
  receiver = null;
  for (const db of connections) db.close();
  connections = [];
  if (tc) await tc.core.webhookSecrets.forget((await tc.core.profiles.list()).profiles[0]?.id ?? '');
  await tc?.cleanup();
  tc = null;
});

function reply(label: string, n: number): SandboxEvent {
  return {
    name: 'message.received',
    seq: n,
    id: `in_${label}_${n}`,
    number: `55118${String(n).padStart(8, '0')}`,
    profileName: `Burst ${n}`,
    type: 'text',
    text: `${label} reply ${n}`,
    media: null,
    at: new Date(),
    inReplyTo: `wamid.burst_${n}`,
  };
}

function post(url: string, event: SandboxEvent, secret = SECRET): Promise<Response> {
  const request = webhookRequest('default', event, url, secret);
  return fetch(url, { method: 'POST', headers: request.headers, body: request.body });
}

/** a core with a profile whose posts are signed, listened for on a free port */
async function listening(label: string): Promise<{ core: Core; profileId: string; url: string; reader: SqliteDatabase }> {
  tc = await openTestCore(label);
  const profileId = (await tc.core.profiles.create({ name: 'burst', baseUrl: 'http://127.0.0.1:9' })).id;
  await tc.core.webhookSecrets.set(profileId, { secret: SECRET });
  receiver = await startWebhookReceiver(webhookTargetOf(tc.core), { port: 0 });
  const reader = openDatabase(tc.dataDir);
  connections.push(reader);
  return { core: tc.core, profileId, url: receiver.urlFor(profileId), reader };
}

const storedIds = (reader: SqliteDatabase, profileId: string): string[] =>
  reader.prepare<[string], string>('SELECT message_id FROM received_messages WHERE profile_id = ?').pluck().all(profileId);
const keptCount = (reader: SqliteDatabase, profileId: string): number =>
  reader.prepare<[string], number>('SELECT count(*) FROM webhook_deliveries WHERE profile_id = ?').pluck().get(profileId)!;

describe.skipIf(!available)('a burst of signed webhook posts', () => {
  it('every event is stored exactly once, and each post is answered only once its event is committed', { timeout: 60_000 }, async () => {
    const { core, profileId, url, reader } = await listening('webhook-burst');
    const visible = reader.prepare<[string, string], number>(
      'SELECT count(*) FROM received_messages WHERE profile_id = ? AND message_id = ?',
    );
    const burst = Array.from({ length: 48 }, (_, n) => reply('burst', n));
    const answers = await Promise.all(
      burst.map(async (event) => {
        const answer = await post(url, event);
        // read the moment the answer arrives, from a connection that sees only committed rows
        return { status: answer.status, body: await answer.text(), committed: visible.pluck().get(profileId, event.id) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(burst.map(() => 200));
    expect(answers.map((a) => a.body)).toEqual(burst.map(() => '{"received":1}'));
    expect(answers.map((a) => a.committed)).toEqual(burst.map(() => 1));
    expect(storedIds(reader, profileId).sort()).toEqual(burst.map((e) => e.id).sort());
    // the inspector's rows are written after the answers, together
    await core.webhookInspector.rowsWritten();
    expect(keptCount(reader, profileId)).toBe(48);

    // the same burst again, as a service retrying: answered, stored no second time, kept as repeats
    const again = await Promise.all(burst.map((event) => post(url, event).then((a) => a.status)));
    expect(again).toEqual(burst.map(() => 200));
    expect(storedIds(reader, profileId)).toHaveLength(48);
    await core.webhookInspector.rowsWritten();
    const kept = core.webhookInspector.list({ profileId, limit: 200 });
    expect(kept).toHaveLength(96);
    expect(kept.slice(0, 48).map((k) => k.changed)).toEqual(burst.map(() => 0));
    expect(kept.slice(48).map((k) => k.changed)).toEqual(burst.map(() => 1));
  });

  it('a listener closed right after a burst writes every inspector row before its file closes', { timeout: 60_000 }, async () => {
    const own = await openTestCore('webhook-burst-close');
    const profileId = (await own.core.profiles.create({ name: 'burst', baseUrl: 'http://127.0.0.1:9' })).id;
    await own.core.webhookSecrets.set(profileId, { secret: SECRET });
    const listener = await startWebhookReceiver(webhookTargetOf(own.core), { port: 0 });
    const burst = Array.from({ length: 48 }, (_, n) => reply('close', n));
    const statuses = await Promise.all(burst.map((event) => post(listener.urlFor(profileId), event).then((a) => a.status)));
    expect(statuses).toEqual(burst.map(() => 200));
    // closed at once: the rows still waiting for a group are written by the close
    await listener.close();
    await own.core.webhookSecrets.forget(profileId);
    await own.cleanup();
    const reader = openDatabase(own.dataDir);
    connections.push(reader);
    expect(keptCount(reader, profileId)).toBe(48);
    expect(storedIds(reader, profileId)).toHaveLength(48);
    // and the listener indexed the burst's replies for search itself, in batches, before the file closed
    const indexed = reader
      .prepare<[], number>("SELECT count(*) FROM received_messages_search WHERE received_messages_search MATCH 'close'")
      .pluck();
    expect(indexed.get()).toBe(48);
    const mark = reader.prepare<[], number>('SELECT indexed_through FROM received_messages_search_mark').pluck().get();
    expect(mark).toBe(reader.prepare<[], number>('SELECT max(seq) FROM received_messages').pluck().get());
  });

  it('a post with a bad signature in the burst is refused and stores nothing; the others are stored', { timeout: 60_000 }, async () => {
    const { profileId, url, reader } = await listening('webhook-burst-bad-sig');
    const burst = Array.from({ length: 16 }, (_, n) => reply('sig', n));
    const statuses = await Promise.all(
      burst.map((event, n) => post(url, event, n === 5 ? 'not-the-secret' : SECRET).then((a) => a.status)),
    );
    expect(statuses).toEqual(burst.map((_, n) => (n === 5 ? 401 : 200)));
    expect(storedIds(reader, profileId).sort()).toEqual(
      burst
        .filter((_, n) => n !== 5)
        .map((e) => e.id)
        .sort(),
    );
  });

  it(
    'one event whose effects fail is answered 500 and leaves nothing; the others of its group are stored',
    { timeout: 60_000 },
    async () => {
      const dir = await tempDir('crm-burst-poison-');
      const db = openDatabase(dir);
      connections.push(db);
      const tables = new ConversationTables(db);
      const groups: number[] = [];
      // the group fills at the 12th post: all twelve are written in one transaction, whatever the timing
      const writes = new GroupCommit(db, { windowMs: 60_000, limit: 12, onGroup: (size) => groups.push(size) });
      const inspector = new WebhookInspector({
        table: new WebhookDeliveriesTable(db),
        secretsOf: () => Promise.resolve([SECRET]),
        scrub: (text) => text,
        receive: (profileId, payload) => {
          const data = (payload as { data: { id: string; number: string; text: string } }).data;
          const event = {
            kind: 'received' as const,
            messageId: data.id,
            number: data.number,
            type: 'text',
            text: data.text,
            name: null,
            at: null,
            media: null,
          };
          tables.record(profileId, [event], [], new Date());
          // the row above is written when this fails: the savepoint must take it back
          if (data.text.endsWith(' 7')) throw new Error('the effects of this event failed');
          return { found: 1, changed: 1 };
        },
        write: (work) => writes.write(work),
      });
      receiver = await startWebhookReceiver(
        {
          exists: async (id) => id === 'p1',
          secretOf: async () => SECRET,
          verifyTokenOf: async () => null,
          receive: () => {
            throw new Error('take is used instead');
          },
          take: async (delivery) => (await inspector.take(delivery)).outcome,
        },
        { port: 0 },
      );
      const url = receiver.urlFor('p1');
      const burst = Array.from({ length: 12 }, (_, n) => reply('poison', n));
      const statuses = await Promise.all(burst.map((event) => post(url, event).then((a) => a.status)));
      expect(groups).toEqual([12]);
      expect(statuses).toEqual(burst.map((_, n) => (n === 7 ? 500 : 200)));
      const reader = openDatabase(dir);
      connections.push(reader);
      const expected = burst.filter((_, n) => n !== 7).map((e) => e.id);
      expect(storedIds(reader, 'p1').sort()).toEqual(expected.sort());
      // the rows wait for the next group (its window is a minute here): written when the listener closes
      expect(keptCount(reader, 'p1')).toBe(0);
      await writes.drain();
      expect(keptCount(reader, 'p1')).toBe(11);
      expect(reader.prepare('SELECT count(*) FROM conversations WHERE profile_id = ?').pluck().get('p1')).toBe(11);
    },
  );

  it(
    'a second process writing the same file during the burst loses nothing, and neither does the burst',
    { timeout: 120_000 },
    async () => {
      const { profileId, url, reader } = await listening('webhook-burst-two-processes');
      const child = startWriterChild(WRITER, tc!.dataDir, 'other', 150);
      for (let waited = 0; !child.out().includes('ready'); waited += 20) {
        if (waited > 60_000) throw new Error(`the writer never got ready: ${child.err()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.process.stdin.write('go\n');
      const burst = Array.from({ length: 150 }, (_, n) => reply('race', n));
      const statuses = await Promise.all(burst.map((event) => post(url, event).then((a) => a.status)));
      expect(await child.exited, child.err()).toBe(0);
      expect(child.out()).toContain('done');
      expect(statuses).toEqual(burst.map(() => 200));
      expect(storedIds(reader, profileId).sort()).toEqual(burst.map((e) => e.id).sort());
      await tc!.core.webhookInspector.rowsWritten();
      expect(keptCount(reader, profileId)).toBe(150);
      const theirs = reader.prepare<[], number>("SELECT count(*) FROM received_messages WHERE message_id LIKE 'other-in-%'").pluck().get();
      const theirSends = reader.prepare<[], number>("SELECT count(*) FROM sent_messages WHERE id LIKE 'other-out-%'").pluck().get();
      expect([theirs, theirSends]).toEqual([150, 150]);
    },
  );
});
