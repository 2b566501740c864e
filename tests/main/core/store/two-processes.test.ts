// The request log shared by real processes on one data folder: two `crm`-like children write
// 500 entries each at the same moment while the app's core (this process) watches. Every entry
// lands, no write fails busy, and this process hears of the children's entries within a second.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src-main/core/create-core';
import type { RequestLogEntry } from '../../../../src-main/core/model';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { tempDir } from '../../helpers/temp-dir';
import { startWriterChild, type WriterChild } from '../../helpers/writer-child';

const CHILD = fileURLToPath(new URL('../../../fixtures/request-log-child.ts', import.meta.url));
const EACH = 500;

const startChild = (dataDir: string, label: string): WriterChild => startWriterChild(CHILD, dataDir, label, EACH);

async function waitFor(check: () => boolean, what: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let core: Core | null = null;
let children: WriterChild[] = [];
afterEach(async () => {
  for (const c of children) c.process.kill();
  children = [];
  await core?.close();
  core = null;
});

describe('the request log across processes', () => {
  it(
    'two processes writing 500 entries each at once: all 1000 land, none busy, and this process sees them live',
    { timeout: 90_000 },
    async () => {
      const dataDir = await tempDir('crm-log-shared-');
      core = await createCore({ dataDir, secretStore: new MemorySecretStore(), outbox: false });
      const heard = new Map<string, number>();
      core.requestLog.onDidAppend(({ entry, own }) => {
        if (!own) heard.set(entry.id, Date.now());
      });

      children = [startChild(dataDir, 'a'), startChild(dataDir, 'b')];
      await waitFor(() => children.every((c) => c.out().includes('ready')), 'the children to load', 60_000);
      for (const c of children) c.process.stdin.write('go\n');
      const codes = await Promise.all(children.map((c) => c.exited));
      const finishedAt = Date.now();
      expect(codes, children.map((c) => c.err()).join('\n')).toEqual([0, 0]);
      for (const c of children) {
        const done = JSON.parse(/done (.*)/.exec(c.out())?.[1] ?? '{}') as { count?: number; problems?: string[] };
        expect(done).toEqual({ count: EACH, problems: [] });
        expect(c.err()).not.toMatch(/SQLITE_BUSY|database is locked/i);
      }

      const all = core.requestLog.list(5000);
      const ids = new Set(all.map((e) => e.id));
      expect(all).toHaveLength(2 * EACH);
      for (const label of ['a', 'b']) for (let i = 0; i < EACH; i += 1) expect(ids.has(`${label}-${i}`)).toBe(true);
      expect(all.every((e) => e.process === 'crm')).toBe(true);

      // the watch (a data_version poll every 500 ms) hears another process's commits and announces
      // the newest rows, at most the 500 the window keeps per look: the newest entry of all is
      // always among them (one child may have finished long before the other, so its last entry
      // need not be). How soon is printed, not asserted: a loaded machine must not fail it
      const newest = all.at(-1)!; // the list is oldest first, in the order rows were committed
      await waitFor(() => heard.has(newest.id), 'the newest entry to be announced', 10_000);
      const latest = heard.get(newest.id) ?? Infinity;
      console.log(
        `two processes: 1000 entries; this process heard ${heard.size} of them live, the last ${latest - finishedAt} ms after the children exited`,
      );
    },
  );

  it("one entry from another process reaches this process's subscribers within a second", { timeout: 60_000 }, async () => {
    const dataDir = await tempDir('crm-log-live-');
    core = await createCore({ dataDir, secretStore: new MemorySecretStore(), outbox: false });
    const heard: { entry: RequestLogEntry; at: number }[] = [];
    core.requestLog.onDidAppend(({ entry, own }) => {
      if (!own) heard.push({ entry, at: Date.now() });
    });
    const child = startChild(dataDir, 'one');
    children = [child];
    await waitFor(() => child.out().includes('ready'), 'the child to load', 60_000);
    const started = Date.now();
    child.process.stdin.write('go\n');
    await waitFor(() => heard.length >= 1, 'the entry to be announced', 10_000);
    expect(heard[0]?.entry).toMatchObject({ id: 'one-0', process: 'crm', host: '127.0.0.1:4010' });
    // how soon (the poll runs every 500 ms) is printed, not asserted, like every timing here
    console.log(`one entry from another process announced ${(heard[0]?.at ?? NaN) - started} ms after it was asked to write`);
    expect(await child.exited).toBe(0);
  });
});
