// Shared store benchmark: `npx tsx scripts/bench-store.ts`
//
//   historyPageMs   one page of the app's record of sent messages with 10,000 rows in crm.db,
//                   for one profile and for one recipient: the page's rows read by the index,
//                   counted, checked and built (median and p95 of 50); and the whole record read
//                   (what a list of the numbers messaged needs). Goal: a page under 20 ms.
//   profileChange   one change to the profiles through their document (IMMEDIATE transaction:
//                   read the current rows, change, write back only what differs), 20 profiles
//   cachedRead      reading the profiles when no process changed them (the send path), and
//                   after another connection changed them (a re-read)
//
// Baselines in the same process: a plain SELECT of the same 10,000 rows (the whole record), a plain one-row UPDATE
// in its own transaction, and a plain SELECT of the 20 profile rows; each with the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMetaStores } from '../src-main/core/meta/stores';
import { recordPage } from '../src-main/core/messages/history-page';
import type { SentRecord } from '../src-main/core/messages/sent-record';
import type { Profile } from '../src-main/core/model';
import { openDatabase } from '../src-main/core/store/database';
import { SentMessagesTable } from '../src-main/core/store/tables/sent-messages-table';

const HISTORY_ROWS = 10_000;
const HISTORY_GOAL_MS = 20;
const PROFILES = 20;

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

async function time(runs: number, step: () => unknown): Promise<{ median: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await step();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

function sent(i: number): SentRecord {
  return {
    id: `r_${i}`,
    profileId: `p_${i % 4}`,
    kind: 'text',
    number: `55119${String(i % 500).padStart(8, '0')}`,
    text: `bench message ${i}: ${'lorem ipsum '.repeat(20)}`,
    fileName: null,
    status: 'queued',
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    messageId: `m_${i.toString(16)}`,
    origin: 'sent',
  };
}

function profile(i: number): Profile {
  return {
    id: `p_${i}`,
    name: `Service ${i}`,
    baseUrl: `https://api${i}.crm.example`,
    endpointOverrides: {},
    api: null,
    activeKeyId: null,
    sandbox: false,
    allowInsecureHttp: false,
    createdAt: new Date().toISOString(),
  };
}

const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-store-'));
  try {
    const db = openDatabase(dir);
    const table = new SentMessagesTable(db, HISTORY_ROWS);
    db.transaction(() => table.importRecords(Array.from({ length: HISTORY_ROWS }, (_, i) => sent(i))))();
    const plainAll = db.prepare('SELECT * FROM sent_messages ORDER BY seq');
    const noScrub = (text: string): string => text;
    const query = { profileId: 'p_1', number: null, page: 1, perPage: 50 };
    // warm both paths once
    const pageOf = (number: string | null): unknown =>
      recordPage(table.slice({ profileId: query.profileId, number, offset: 0, limit: query.perPage }), { ...query, number }, '', noScrub);
    pageOf(null);
    plainAll.all();
    const page = await time(50, () => pageOf(null));
    const toOne = await time(50, () => pageOf(sent(1).number));
    const whole = await time(20, () => table.read());
    const plain = await time(20, () => plainAll.all());
    console.log(
      `history page over ${HISTORY_ROWS} rows, one profile: median ${fmt(page.median)}, p95 ${fmt(page.p95)}; one recipient: ` +
        `median ${fmt(toOne.median)}, p95 ${fmt(toOne.p95)}; goal < ${HISTORY_GOAL_MS} ms: ` +
        `${Math.max(page.p95, toOne.p95) < HISTORY_GOAL_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `whole record read and checked: median ${fmt(whole.median)} (plain SELECT of the rows: median ${fmt(plain.median)}; ` +
        `${ratio(whole.median, plain.median)})`,
    );

    const meta = createMetaStores(db);
    await meta.profiles.update((doc) => {
      doc.profiles.push(...Array.from({ length: PROFILES }, (_, i) => profile(i)));
    });
    let n = 0;
    const change = await time(200, () =>
      meta.profiles.update((doc) => {
        doc.profiles[n % PROFILES]!.name = `Service ${n++}`;
      }),
    );
    const plainUpdate = db.prepare<[string, string]>('UPDATE profiles SET name = ? WHERE id = ?');
    const plainChange = db.transaction((i: number) => plainUpdate.run(`Service ${i}`, `p_${i % PROFILES}`));
    const baseline = await time(200, () => plainChange.immediate(n++));
    console.log(
      `profile change through the document (${PROFILES} profiles): median ${fmt(change.median)}, p95 ${fmt(change.p95)} (plain ` +
        `one-row UPDATE: median ${fmt(baseline.median)}; ${ratio(change.median, baseline.median)})`,
    );

    const other = openDatabase(dir);
    const otherUpdate = other.prepare<[string]>("UPDATE profiles SET name = ? WHERE id = 'p_0'");
    const cached = await time(500, () => meta.profiles.read());
    const reread = await time(200, async () => {
      otherUpdate.run(`changed ${n++}`);
      return meta.profiles.read();
    });
    const plainSelect = db.prepare('SELECT * FROM profiles ORDER BY position');
    const selectOnly = await time(500, () => plainSelect.all());
    console.log(
      `profiles read, unchanged: median ${fmt(cached.median)}; after another process's change: median ${fmt(reread.median)} ` +
        `(plain SELECT of the rows: median ${fmt(selectOnly.median)}; ${ratio(cached.median, selectOnly.median)} and ` +
        `${ratio(reread.median, selectOnly.median)})`,
    );
    other.close();
    db.close();
    if (Math.max(page.p95, toOne.p95) >= HISTORY_GOAL_MS) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
