// The journal on disk: torn and corrupt records, a dead process's claim and lock.
import { spawn } from 'node:child_process';
import { appendFile, readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../../../../src-main/core/outbox/records';
import type { Entry } from '../../../../src-main/core/outbox/records';
import {
  PROFILE_ID,
  countTexts,
  enqueueText,
  itemOf,
  worldsClosedAfterEach,
  queuedWithKeysHeld,
  textOp,
  waitAll,
  waitState,
} from './world';

const openWorld = worldsClosedAfterEach();

const JOURNAL = 'outbox.journal';
const A = '5511988880001';

/** a pid that certainly belongs to no running process */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

/** One character near the end of a journal line changed: still a whole line, wrong checksum. */
function damage(line: string): string {
  const at = line.length - 12;
  return `${line.slice(0, at)}${line[at] === 'X' ? 'Y' : 'X'}${line.slice(at + 1)}`;
}

async function journalLines(dir: string): Promise<string[]> {
  return (await readFile(join(dir, JOURNAL), 'utf8')).split('\n').filter((l) => l !== '');
}

describe('outbox: durability', () => {
  it('sets a torn last line and a corrupt middle line aside with a message; the rest syncs', async () => {
    const world = await openWorld();
    await queuedWithKeysHeld(world, async (first) => {
      for (let i = 0; i < 10; i++) await enqueueText(first, `55119888800${String(i).padStart(2, '0')}`, `durable ${i}`);
    });

    const lines = await journalLines(world.dir);
    expect(lines).toHaveLength(11); // header + one snapshot per message
    // flip bytes in the middle of line 6 (message 4), cut the last line (message 9) in half
    const path = join(world.dir, JOURNAL);
    const bytes = await readFile(path);
    const line6Start = lines.slice(0, 5).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
    const flipAt = line6Start + Math.floor(Buffer.byteLength(lines[5]!) * 0.6);
    bytes[flipAt] = bytes[flipAt]! ^ 0x20;
    bytes[flipAt + 1] = bytes[flipAt + 1]! ^ 0x20;
    await writeFile(path, bytes);
    await truncate(path, bytes.length - Math.floor(Buffer.byteLength(lines[10]!) / 2));

    const second = await world.open();
    const reports = second.damageReports();
    expect(reports).toHaveLength(1);
    expect(reports[0]!.parts.map((p) => p.reason)).toEqual(['checksum mismatch', 'incomplete write (no end of line)']);
    expect(reports[0]!.message).toMatch(
      /2 damaged record\(s\).*line 6: checksum mismatch.*end of file: incomplete write.*set aside in .*outbox\.journal\.damaged-/s,
    );
    expect(world.logs.some((l) => l.includes('damaged record'))).toBe(true);
    const aside = (await readdir(world.dir)).filter((f) => f.startsWith(`${JOURNAL}.damaged-`));
    expect(aside).toHaveLength(1);
    const asideText = await readFile(join(world.dir, aside[0]!), 'utf8');
    expect(asideText.split('\n').filter((l) => l !== '')).toHaveLength(2); // the raw bytes, kept for inspection
    expect(asideText).toContain('"id":"ob_');

    const items = await waitAll(second, 'sent');
    expect(items).toHaveLength(8);
    const counts = countTexts(await world.messages());
    expect([...counts.keys()].sort()).toEqual([
      'durable 0',
      'durable 1',
      'durable 2',
      'durable 3',
      'durable 5',
      'durable 6',
      'durable 7',
      'durable 8',
    ]);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // the journal was rewritten without the damage: a third start finds none
    await second.close();
    const third = await world.open();
    expect(third.damageReports()).toEqual([]);
  });

  it('a torn end costs only that state change: the operation resumes from its earlier snapshot', async () => {
    const world = await openWorld();
    const item = await queuedWithKeysHeld(world, async (first) => {
      const queued = await enqueueText(first, A, 'two snapshots');
      await first.retry(queued.id); // a second full snapshot of the same operation
      return queued;
    });
    const path = join(world.dir, JOURNAL);
    const lines = await journalLines(world.dir);
    expect(lines).toHaveLength(3);
    // a writer killed mid-append: the last record has no end of line (it was never acted on)
    await writeFile(path, `${lines[0]}\n${lines[1]}\n${lines[2]!.slice(0, Math.floor(lines[2]!.length * 0.75))}`);
    const second = await world.open();
    expect(second.damageReports()[0]!.parts[0]).toMatchObject({ line: null, opId: item.id });
    await waitAll(second, 'sent');
    expect(countTexts(await world.messages()).get('two snapshots')).toBe(1);
  });

  it('a damaged latest record inside the file holds a pending operation for the person: it may have been a cancel', async () => {
    const world = await openWorld();
    const { cancelled, intact } = await queuedWithKeysHeld(world, async (first) => {
      const queued = await enqueueText(first, A, 'cancelled, then the record was damaged');
      await first.cancel(queued.id);
      return { cancelled: queued, intact: await enqueueText(first, '5511988880002', 'untouched') };
    });
    const path = join(world.dir, JOURNAL);
    const lines = await journalLines(world.dir);
    expect(lines).toHaveLength(4); // header, pending, cancelled, the other message
    // damage the cancel record (line 3): a complete line whose checksum no longer matches
    await writeFile(path, `${lines[0]}\n${lines[1]}\n${damage(lines[2]!)}\n${lines[3]}\n`);

    const second = await world.open();
    const [report] = second.damageReports();
    expect(report!.parts[0]).toMatchObject({ line: 3, reason: 'checksum mismatch', opId: cancelled.id });
    expect(report!.message).toContain(`1 operation(s) whose latest record was damaged (${cancelled.id}) are held as failed`);
    await waitState(second, intact.id, 'sent');
    const held = await itemOf(second, cancelled.id);
    expect(held).toMatchObject({ state: 'failed', lastError: { code: 'conflict' } });
    expect(held.lastError!.message).toMatch(/may have been cancelled since\. Retry to send it, or cancel it\./);
    await second.syncNow();
    expect(countTexts(await world.messages()).get('cancelled, then the record was damaged')).toBeUndefined();
    // held durably: a restart does not send it either
    await second.close();
    const third = await world.open();
    expect(await itemOf(third, cancelled.id)).toMatchObject({ state: 'failed' });
    // the person decides: retry sends it, once
    await third.retry(cancelled.id);
    await waitState(third, cancelled.id, 'sent');
    expect(countTexts(await world.messages()).get('cancelled, then the record was damaged')).toBe(1);
  });

  it('a damaged record that is not the latest costs nothing: the later snapshot stands', async () => {
    const world = await openWorld();
    const item = await queuedWithKeysHeld(world, async (first) => {
      const queued = await enqueueText(first, A, 'older record damaged');
      await first.retry(queued.id);
      return queued;
    });
    const path = join(world.dir, JOURNAL);
    const lines = await journalLines(world.dir);
    await writeFile(path, `${lines[0]}\n${damage(lines[1]!)}\n${lines[2]}\n`);
    const second = await world.open();
    expect(second.damageReports()[0]!.message).not.toContain('held as failed');
    await waitState(second, item.id, 'sent');
    expect(countTexts(await world.messages()).get('older record damaged')).toBe(1);
  });

  it('takes over the claim of a process that died mid-send; the resend creates no second message', async () => {
    const world = await openWorld();
    const op = textOp(A, 'sent, then the sender died');
    await queuedWithKeysHeld(world, (first) => first.enqueueMessage({ profileId: PROFILE_ID, keyId: null, op, label: A }));

    // what a process killed between "request answered" and "sent recorded" leaves behind:
    // the server has the message, the journal has a claim (lease far in the future) by a dead pid
    const res = await fetch(`${world.sandbox.baseUrl}/api/v1/messages/text`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${world.sandbox.adminKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': op.idempotencyKey,
      },
      body: JSON.stringify({ number: A, text: 'sent, then the sender died' }),
    });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { id: string }).id;
    const lines = await journalLines(world.dir);
    const last = JSON.parse(lines.at(-1)!.slice(9)) as Entry;
    const pid = await deadPid();
    last.s += 1;
    last.r = {
      ...last.r,
      item: { ...last.r.item, state: 'sending', attempts: 1, pendingReason: null },
      claim: { holder: `${pid}-ghost`, pid, until: Date.now() + 3_600_000 },
    };
    await appendFile(join(world.dir, JOURNAL), encodeLine(last));

    const started = Date.now();
    const second = await world.open();
    const [item] = await waitAll(second, 'sent');
    expect(Date.now() - started).toBeLessThan(5_000); // not after the hour-long lease
    expect(item!.resultSummary).toBe(created); // the server replayed its first answer
    expect(item!.attempts).toBe(2);
    expect(world.logs.some((l) => l.includes(`from process ${pid}`) && l.includes('no longer running'))).toBe(true);
    expect(countTexts(await world.messages()).get('sent, then the sender died')).toBe(1);
  });

  it('takes over a journal lock left by a dead process', async () => {
    const world = await openWorld();
    const pid = await deadPid();
    await writeFile(join(world.dir, 'outbox.lock'), JSON.stringify({ holder: `${pid}-ghost`, pid, at: Date.now(), token: 'ghost' }));
    const started = Date.now();
    const outbox = await world.open();
    expect(Date.now() - started).toBeLessThan(3_000);
    const item = await enqueueText(outbox, A, 'after a stale lock');
    expect(item.state).toBe('pending');
    expect(world.logs.some((l) => l.includes(`lock left by process ${pid}`))).toBe(true);
    await waitAll(outbox, 'sent');
  });
});
