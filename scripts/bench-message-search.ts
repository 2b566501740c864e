// Search across every conversation at 1,000,000 messages: `npx tsx scripts/bench-message-search.ts`
//
//   build        1,000,000 messages written into a real crm.db at the schema before the search
//                index (version 9), in one transaction through prepared INSERTs (no journal while
//                building; WAL and the default cache, as the app runs, for all that is measured): 25 profiles,
//                each with 20,000 replies (the most a profile keeps: CONVERSATION_ROWS_LIMIT) and
//                20,000 sends. The rows go straight into the tables, not through their owners'
//                appends, because those trim as they write (sends: the last 5,000 in all; replies:
//                20,000 per profile), and 1,000,000 rows through them would leave 505,000; the
//                search must hold up for whatever the file holds.
//   backfill     the migration that adds the index (schema version 11) run on that file: the
//                index built from every row already there
//   size         crm.db (checkpointed) before and after the index; goal: the index adds at most
//                1.5x, i.e. the file with the index is at most 1.5 times the file without
//   search       the whole search a keystroke asks for (the query made safe, the newest page of
//                20 from both tables, the capped count, the snippets) for realistic queries
//                (words common and rare, names, accents typed without them, numbers, a word being
//                typed, two and three words, words only other profiles use): median and p95 over
//                every query, several rounds; goal p95 <= 50 ms
//
// Baselines in the same process: a plain primary-key lookup of one message (the floor of any
// read), and the same words found with a LIKE scan of one profile's replies (what searching
// without an index costs), each with the ratio.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MessageSearch } from '../src-main/core/conversations/message-search';
import type { Profile } from '../src-main/core/model';
import { DATABASE_FILE } from '../src-main/core/store/database';
import { MessageSearchTable } from '../src-main/core/store/tables/message-search-table';
import { migrate } from '../src-main/core/store/migrate';
import { MIGRATIONS } from '../src-main/core/store/schema';
import { openSqlite, type SqliteDatabase } from '../src-main/core/store/sqlite';

const PROFILES = 25;
const PER_PROFILE_EACH = 20_000;
const TOTAL = PROFILES * PER_PROFILE_EACH * 2;
const SEARCH_GOAL_MS = 50;
const SIZE_GOAL = 1.5;
const ROUNDS = 5;

// a deterministic generator: every run builds the same file
let seed = 42;
const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const COMMON = (
  'olá oi bom dia boa tarde noite obrigado obrigada por favor pedido pedidos entrega entregue amanhã hoje ontem semana ' +
  'preço valor total frete grátis desconto cupom promoção pagamento boleto pix cartão parcela parcelas juros nota fiscal ' +
  'produto tamanho cor azul vermelho preto branco quando chega rastreio código endereço rua número apartamento cep troca ' +
  'devolução cancelar confirmar confirmado aguardando separação enviado transportadora atraso problema ajuda atendimento ' +
  'sim não talvez ok certo claro perfeito ótimo ação informação dúvida pergunta resposta hello thanks order delivery ' +
  'tomorrow price payment invoice refund please when where status tracking size color'
).split(' ');
const SYLLABLES = (
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga go la le li lo lu ma me mi mo mu na ne ni no pa pe pi po ra re ' +
  'ri ro sa se si so ta te ti to va ve vi vo za ção são nha lho'
).split(' ');
// the long tail of a real vocabulary: 4,000 more words, each rarer than the last
const TAIL = Array.from({ length: 4_000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''));
const VOCABULARY = [...COMMON, ...TAIL];
const FIRST =
  'João Maria José Ana Paulo Carlos Fernanda Luíza Antônio Beatriz Márcia Sérgio Débora Zoë Renée André Cláudia Fábio Lúcia Mônica'.split(
    ' ',
  );
const LAST = 'Silva Souza Santos Oliveira Pereira Lima Costa Gonçalves Araújo Ribeiro Conceição Simões Patrício'.split(' ');

/** a word by Zipf's law: the nth word about 1/n as frequent as the first */
function word(): string {
  return VOCABULARY[Math.floor(Math.exp(random() * Math.log(VOCABULARY.length + 1)) - 1)] ?? VOCABULARY[0]!;
}

function text(): string {
  const words = Array.from({ length: 3 + Math.floor(random() * 18) }, word);
  if (random() < 0.15) words.push(`#${10_000 + Math.floor(random() * 90_000)}`);
  return words.join(' ');
}

const profileId = (p: number): string => `p_${p.toString(16).padStart(8, '0')}-5c1e-4b7a-9f00-${p.toString(16).padStart(12, '0')}`;

function build(db: SqliteDatabase): void {
  const sent = db.prepare(
    'INSERT INTO sent_messages (id, profile_id, kind, number, text, file_name, status, at, message_id, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const received = db.prepare(
    'INSERT INTO received_messages (profile_id, message_id, number, type, text, name, at, arrived_at, media_url, media_type, ' +
      'media_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.UTC(2025, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < PROFILES * PER_PROFILE_EACH; i += 1) {
      const profile = profileId(i % PROFILES);
      const number = `55119${String(Math.floor(random() * 2_000)).padStart(8, '0')}`;
      const at = new Date(start + i * 30_000).toISOString();
      const file = random() < 0.05;
      sent.run(
        `r_${i}`,
        profile,
        file ? 'document' : 'text',
        number,
        file && random() < 0.5 ? null : text(),
        file ? `boleto-${10_000 + (i % 90_000)}.pdf` : null,
        'queued',
        at,
        `wamid.out${i}`,
        'sent',
      );
      const media = random() < 0.05;
      const replyAt = new Date(start + i * 30_000 + 15_000).toISOString();
      received.run(
        profile,
        `wamid.in${i}`,
        number,
        media ? 'image' : 'text',
        media && random() < 0.5 ? null : text(),
        `${pick(FIRST)} ${pick(LAST)}`,
        replyAt,
        replyAt,
        media ? 'https://media.example/x.jpg' : null,
        media ? 'image/jpeg' : null,
        media ? `foto-${i}.jpg` : null,
      );
    }
  }).immediate();
}

function fileSize(db: SqliteDatabase, path: string): number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(path).size;
}

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
}

/** what people type: whole words and names (accents left out, case as it comes), a word being typed, numbers, several words */
const QUERIES = [
  'pedido',
  'boleto',
  'entrega amanhã',
  'cupom desconto',
  'rastreio',
  'joao',
  'MARIA',
  'Conceicao',
  'acao',
  'devolucao',
  'nota fiscal',
  'ped',
  'entreg',
  'confirm',
  'tracking',
  'refund please',
  'pix',
  'obrigado pedido entrega',
  'boleto-12345',
  'foto',
  '#45678',
  '45678',
  'atraso transportadora',
  'Zoe',
  'Debora Simoes',
  'cartão parcela juros',
  'hello',
  'zzzz',
  // long-tail words: a few messages hold them
  TAIL[100]!,
  TAIL[1_500]!,
  TAIL[3_900]!,
  `${TAIL[2_000]!} ${TAIL[10]!}`,
  TAIL[2_500]!.slice(0, 4),
];

const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-search-'));
  const path = join(dir, DATABASE_FILE);
  try {
    const db = openSqlite(path, { timeout: 5_000 });
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 9),
    );
    // the build only: no journal, no syncing, a large cache (the file is thrown away if it fails)
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1000000');
    let t0 = performance.now();
    build(db);
    const buildMs = performance.now() - t0;
    // from here on, the connection as the app configures its own (database.ts): WAL, NORMAL, SQLite's default cache
    db.pragma('cache_size = -2000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const before = fileSize(db, path);
    console.log(
      `built ${TOTAL.toLocaleString('en')} messages (${PROFILES} profiles, ${PER_PROFILE_EACH.toLocaleString('en')} sends and ` +
        `${PER_PROFILE_EACH.toLocaleString('en')} replies each) in one transaction: ${(buildMs / 1000).toFixed(1)} s; crm.db ` +
        `${mb(before)}`,
    );

    t0 = performance.now();
    const ran = migrate(db, MIGRATIONS);
    const backfillMs = performance.now() - t0;
    const after = fileSize(db, path);
    const growth = after / before;
    console.log(`migration (${ran.join('; ')}): the index built from every row in ${(backfillMs / 1000).toFixed(1)} s`);
    console.log(`size: ${mb(before)} without the index, ${mb(after)} with it (the index: ${mb(after - before)}); ${growth.toFixed(2)}x`);

    const profiles = { resolve: (id?: string) => Promise.resolve({ id: id ?? profileId(7) } as Profile) };
    const search = new MessageSearch({ table: new MessageSearchTable(db), profiles, scrubber: () => Promise.resolve((t: string) => t) });
    // warm the page cache as a running app has it
    for (const q of QUERIES) await search.search({ text: q, profileId: profileId(7) });

    const samples: number[] = [];
    const perQuery = new Map<string, number[]>();
    let found = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, q] of QUERIES.entries()) {
        const profile = profileId((i + round) % PROFILES);
        const start = performance.now();
        const page = await search.search({ text: q, profileId: profile });
        const ms = performance.now() - start;
        samples.push(ms);
        perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
        found += page.hits.length;
      }
    }
    const all = stats(samples);
    const slowest = [...perQuery.entries()]
      .map(([q, ms]) => [q, stats(ms).p95] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);

    const lookup = db.prepare<[number]>('SELECT * FROM received_messages WHERE seq = ?');
    const pk: number[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const start = performance.now();
      lookup.get(1 + Math.floor((random() * TOTAL) / 2));
      pk.push(performance.now() - start);
    }
    const base = stats(pk);
    const like = db.prepare<[string, string, string, string]>(
      'SELECT seq, text FROM received_messages WHERE profile_id = ? AND (text LIKE ? OR name LIKE ? OR media_name LIKE ?) ORDER BY seq DESC LIMIT 21',
    );
    const scan: number[] = [];
    for (const q of ['pedido', 'acao', TAIL[3_900]!, 'zzzz']) {
      for (let round = 0; round < 3; round += 1) {
        const pattern = `%${q}%`;
        const start = performance.now();
        like.all(profileId(round), pattern, pattern, pattern);
        scan.push(performance.now() - start);
      }
    }
    const scanned = stats(scan);

    console.log(
      `search (${QUERIES.length} queries x ${ROUNDS} rounds, each on another profile, ${found.toLocaleString('en')} hits ` +
        `listed): median ${fmt(all.median)}, p95 ${fmt(all.p95)}; slowest p95: ` +
        `${slowest.map(([q, ms]) => `"${q}" ${fmt(ms)}`).join(', ')}`,
    );
    console.log(
      `baseline: a primary-key lookup of one message: median ${fmt(base.median)}, p95 ${fmt(base.p95)} (search p95 is ` +
        `${(all.p95 / base.p95).toFixed(0)}x); a LIKE scan of one profile's replies (no snippet, no count, one table): median ` +
        `${fmt(scanned.median)}, p95 ${fmt(scanned.p95)} (search p95 is ${(all.p95 / scanned.p95).toFixed(2)}x)`,
    );
    console.log(`goal: search p95 <= ${SEARCH_GOAL_MS} ms: ${all.p95 <= SEARCH_GOAL_MS ? 'met' : 'NOT met'} (${fmt(all.p95)})`);
    console.log(
      `goal: index adds <= ${SIZE_GOAL}x to the database's size: ${growth <= SIZE_GOAL ? 'met' : 'NOT met'} (${growth.toFixed(2)}x)`,
    );
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
