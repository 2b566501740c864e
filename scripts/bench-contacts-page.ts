// The contacts page through the app against a bare undici GET of the same page: the window's
// page (page 3, 100 contacts, about 20 KB) asked of core.contacts.list, which adds the profile
// and key lookup, the request builder, the sender's checks and scrubbing, reading the page into
// the model and the request log in crm.db, one call after the other as the window asks. Rounds
// alternate app/bare, bare/app after a warm-up, so drift on the machine hits both alike.
// Goal: the app's page in at most 1.5x the bare GET's time (median of the per-round ratios).
// The key is in the keychain inside the private keyring session of tests/harness/with-keyring.sh
// (npm run bench), else in memory: a bench never writes to a person's own keychain.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool, request } from 'undici';
import { createCore } from '../src-main/core/create-core';
import { MemorySecretStore } from '../src-main/core/secrets/memory-store';
import type { StartLogThread } from '../src-main/core/log/thread/thread-row-writer';
import { keyAccount } from '../src-main/core/secrets/secret-store';
import { median } from './bench-rounds';

export const CONTACTS_PAGE_GOAL_RATIO = 1.5;
const PER_PAGE = 100;

export interface ContactsPageResult {
  appUs: number;
  bareUs: number;
  /** app / bare, the median of the per-round ratios */
  ratio: number;
  /** process CPU time (every thread) per page, median of the rounds: steadier than the wall clock on a loaded machine */
  appCpuUs: number;
  bareCpuUs: number;
  /** the bench's own thread's CPU time per page (Linux: /proc/thread-self/schedstat), null elsewhere */
  appThreadCpuUs: number | null;
  bareThreadCpuUs: number | null;
  keychain: 'os' | 'memory';
  /** where the request log's rows were written */
  logRows: 'thread' | 'here';
}

export async function runContactsPageBench(options: {
  baseUrl: string;
  adminKey: string;
  rounds?: number;
  perRound?: number;
  /** the request log's writing thread, as the window has it; absent: rows written on this thread */
  requestLogThread?: StartLogThread;
}): Promise<ContactsPageResult> {
  const rounds = options.rounds ?? 7;
  const perRound = options.perRound ?? 200;
  const keychain = process.env.CRM_TEST_KEYRING === '1' ? 'os' : 'memory';
  const dataDir = await mkdtemp(join(tmpdir(), 'crm-bench-page-'));
  const core = await createCore({
    dataDir,
    outbox: false,
    ...(options.requestLogThread ? { requestLogThread: options.requestLogThread } : {}),
    ...(keychain === 'os' ? { keychainService: `crm-bench-page-${process.pid}` } : { secretStore: new MemorySecretStore() }),
  });
  const pool = new Pool(new URL(options.baseUrl).origin, { keepAliveTimeout: 10_000 });
  let keyId: string | null = null;
  try {
    const profile = await core.profiles.create({ name: 'bench', baseUrl: options.baseUrl });
    keyId = (await core.keys.addKey({ profileId: profile.id, name: 'bench', value: options.adminKey })).id;
    const payload = { profileId: profile.id, page: 3, perPage: PER_PAGE };
    const url = `${options.baseUrl}/api/v1/contacts?page=3&per_page=${PER_PAGE}`;
    const app = async (): Promise<void> => {
      const page = await core.contacts.list(payload);
      if (page.items.length !== PER_PAGE) throw new Error(`app: ${page.items.length} contacts`);
    };
    const bare = async (): Promise<void> => {
      const res = await request(url, { headers: { Authorization: `Bearer ${options.adminKey}` }, dispatcher: pool });
      if (res.statusCode !== 200) throw new Error(`bare: HTTP ${res.statusCode}`);
      await res.body.json();
    };
    const cpuUs: Record<'app' | 'bare', number[]> = { app: [], bare: [] };
    const threadUs: Record<'app' | 'bare', number[]> = { app: [], bare: [] };
    const timed = async (call: () => Promise<void>): Promise<number> => {
      const cpuBefore = process.cpuUsage();
      const threadBefore = threadCpuNs();
      const started = performance.now();
      for (let i = 0; i < perRound; i += 1) await call();
      const wallUs = ((performance.now() - started) * 1000) / perRound;
      const cpu = process.cpuUsage(cpuBefore);
      const side = call === app ? 'app' : 'bare';
      cpuUs[side].push((cpu.user + cpu.system) / perRound);
      const threadAfter = threadCpuNs();
      if (threadBefore !== null && threadAfter !== null) threadUs[side].push((threadAfter - threadBefore) / 1000 / perRound);
      return wallUs;
    };
    for (let i = 0; i < 100; i += 1) {
      await app();
      await bare();
    }
    const appUs: number[] = [];
    const bareUs: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const [first, second] = round % 2 === 0 ? [app, bare] : [bare, app];
      const a = await timed(first);
      const b = await timed(second);
      const [appRound, bareRound] = round % 2 === 0 ? [a, b] : [b, a];
      appUs.push(appRound);
      bareUs.push(bareRound);
      ratios.push(appRound / bareRound);
    }
    return {
      appUs: median(appUs),
      bareUs: median(bareUs),
      ratio: median(ratios),
      appCpuUs: median(cpuUs.app),
      bareCpuUs: median(cpuUs.bare),
      appThreadCpuUs: threadUs.app.length > 0 ? median(threadUs.app) : null,
      bareThreadCpuUs: threadUs.bare.length > 0 ? median(threadUs.bare) : null,
      keychain,
      logRows: options.requestLogThread ? 'thread' : 'here',
    };
  } finally {
    if (keyId !== null) await core.secretStore.delete(keyAccount(keyId)).catch(() => false);
    await pool.close();
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** this thread's CPU time so far, in ns (the first field of Linux's schedstat); null where there is none */
function threadCpuNs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

export function formatContactsPageBench(r: ContactsPageResult): string {
  return [
    `the contacts page (page 3, ${PER_PAGE} contacts) through the app vs a bare undici GET, one call after another (key in ` +
      `${r.keychain === 'os' ? 'the OS keychain' : 'memory'}; the log's rows written ` +
      `${r.logRows === 'thread' ? 'on their own thread' : 'on this thread'})`,
    `  app (core.contacts.list):       ${r.appUs.toFixed(0)} us per page`,
    `  bare (undici.request + json()): ${r.bareUs.toFixed(0)} us per page`,
    `  process CPU per page (every thread): app ${r.appCpuUs.toFixed(0)} us, bare ${r.bareCpuUs.toFixed(0)} us, ` +
      `ratio ${(r.appCpuUs / r.bareCpuUs).toFixed(2)}` +
      (r.appThreadCpuUs === null || r.bareThreadCpuUs === null
        ? ''
        : `; the bench's own thread: app ${r.appThreadCpuUs.toFixed(0)} us, bare ${r.bareThreadCpuUs.toFixed(0)} us`),
    `  goal: app/bare ${r.ratio.toFixed(2)} <= ${CONTACTS_PAGE_GOAL_RATIO} (median of per-round ratios): ` +
      `${r.ratio <= CONTACTS_PAGE_GOAL_RATIO ? 'met' : 'NOT met'}`,
  ].join('\n');
}
