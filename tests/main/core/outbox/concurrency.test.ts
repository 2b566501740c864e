// The app and `crm` on one data dir at once: every operation is sent by one of them, once.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ChildKeys } from '../../../fixtures/outbox-child';
import { countTexts, enqueueText, worldsClosedAfterEach, waitAll, waitFor } from './world';
import type { World } from './world';

const CHILD = fileURLToPath(new URL('../../../fixtures/outbox-child.ts', import.meta.url));
const NUMBERS = ['5511977770001', '5511977770002', '5511977770003', '5511977770004', '5511977770005', '5511977770006'];

const openWorld = worldsClosedAfterEach();

function textPosts(w: World): number {
  return w.sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/api/v1/messages/text').length;
}

describe('outbox: two processes on one data dir', () => {
  it('two instances (app + CLI) both syncing: each operation is sent once, by one of them', async () => {
    const world = await openWorld();
    await world.sandbox.suspend();
    const app = await world.open({ holderId: 'app' });
    const cli = await world.open({ holderId: 'cli' });
    const texts: string[] = [];
    for (let i = 0; i < 30; i++) {
      texts.push(`from app ${i}`, `from cli ${i}`);
      await Promise.all([enqueueText(app, NUMBERS[i % 6]!, `from app ${i}`), enqueueText(cli, NUMBERS[(i + 3) % 6]!, `from cli ${i}`)]);
    }
    await world.sandbox.resume();
    await Promise.all([app.syncNow(), cli.syncNow()]);
    await waitAll(app, 'sent', 20_000);
    await waitAll(cli, 'sent', 20_000);
    const counts = countTexts(await world.messages());
    expect(counts.size).toBe(60);
    for (const t of texts) expect(counts.get(t)).toBe(1);
    // not even a harmless resend: each was claimed by exactly one instance
    expect(textPosts(world)).toBe(60);
    // and both see the same outbox
    expect((await app.list()).map((i) => i.id)).toEqual((await cli.list()).map((i) => i.id));
  });

  it('an in-process instance and a separate process sync the same queue: each message once', { timeout: 60_000 }, async () => {
    const world = await openWorld();
    // queue 120 messages without sending them
    world.keys.hold();
    const queue = await world.open({ dir: join(world.dir, 'data') });
    for (let i = 0; i < 120; i++) await enqueueText(queue, NUMBERS[i % 6]!, `shared ${i}`);
    await queue.close();
    world.keys.release();

    const keys: ChildKeys = { adminKey: world.sandbox.adminKey, revoking: {} };
    await writeFile(join(world.dir, 'keys.json'), JSON.stringify(keys));
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, 'sync', world.dir, world.sandbox.baseUrl, '--wait'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await waitFor(() => out.includes('ready'), 'the child to load', 30_000);

    // both start syncing at the same moment
    child.stdin.write('go\n');
    const app = await world.open({ dir: join(world.dir, 'data'), holderId: 'app' });
    await app.syncNow();
    await waitAll(app, 'sent', 30_000);
    expect(await exited, err).toBe(0);

    const counts = countTexts(await world.messages());
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(textPosts(world)).toBe(120);
    console.log(`two processes: the child process said ${out.trim().split('\n').pop()}`);
  });
});
