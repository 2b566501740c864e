// The journal alone: compaction seen by a second writer, pruning of finished operations, and the
// kinds' rules it reads and keeps records by.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../../../src-main/core/outbox/journal';
import { PAYLOAD_RULES as payloads } from '../../../../src-main/core/outbox/kinds/payloads';
import type { StoredOp } from '../../../../src-main/core/outbox/records';
import { encodeLine } from '../../../../src-main/core/outbox/records';
import { registerHolder, unregisterHolder } from '../../../../src-main/core/storage/liveness';
import { tempDir } from '../../helpers/temp-dir';

function op(id: string, order: number, state: StoredOp['item']['state'], updatedAt = new Date().toISOString()): StoredOp {
  return {
    item: {
      id,
      kind: 'send.text',
      profileId: 'p',
      label: 'x',
      state,
      attempts: 0,
      createdAt: updatedAt,
      updatedAt,
      nextAttemptAt: null,
      lastError: null,
      resultSummary: null,
      pendingReason: null,
    },
    payload: {
      type: 'message',
      keyId: null,
      op: { op: 'messages.text', input: { number: '5511900000001', text: id }, idempotencyKey: id },
      group: 'p|5511900000001',
    },
    order,
    claim: null,
    serverErrors: 0,
    finalized: false,
  };
}

/** a finished revocation of key `lk_1`, or the proof of one, as its kind stores them */
function keyOp(id: string, order: number, type: 'revocation' | 'proof', updatedAt: string): StoredOp {
  const base = op(id, order, 'sent', updatedAt);
  if (type === 'revocation') {
    return {
      ...base,
      item: { ...base.item, kind: 'keys.revoke' },
      payload: { type, localKeyId: 'lk_1', serverKeyId: 'k_1', origin: null, refusedKeys: [] },
    };
  }
  return {
    ...base,
    item: { ...base.item, kind: 'keys.prove' },
    payload: { type, localKeyId: 'lk_1', revocationId: 'ob_rev', origin: null, startedAt: updatedAt },
  };
}

/** the ids left after `records` (the last one finished recently) are stored and the journal compacts */
async function keptAfterCompaction(records: StoredOp[]): Promise<string[]> {
  const dir = await tempDir('journal-test-');
  registerHolder('a');
  const j = new Journal(dir, 'a', { payloads, now: Date.now, compactAfterLines: 20 });
  await j.open();
  await j.transact((tx) => records.forEach((r) => tx.put(r)));
  const last = records.at(-1)!.item.id;
  for (let i = 0; i < 30; i++) await j.transact((tx) => tx.put({ ...tx.get(last)!, serverErrors: i }));
  const kept = [...j.state.keys()].sort();
  await j.close();
  unregisterHolder('a');
  return kept;
}

async function lineCount(path: string): Promise<number> {
  return (await readFile(path, 'utf8')).split('\n').filter((l) => l !== '').length;
}

describe('outbox journal', () => {
  it('compacts when it grows; another writer notices the new file and keeps its state right', async () => {
    const dir = await tempDir('journal-test-');
    registerHolder('a');
    registerHolder('b');
    const a = new Journal(dir, 'a', { payloads, now: Date.now, compactAfterLines: 50 });
    const b = new Journal(dir, 'b', { payloads, now: Date.now, compactAfterLines: 1_000_000 });
    await a.open();
    await b.open();
    for (let i = 0; i < 5; i++) await b.transact((tx) => tx.put(op(`ob_b${i}`, tx.nextOrder(), 'pending')));
    // 60 state changes of one operation through `a`: far more lines than operations
    await a.transact((tx) => tx.put(op('ob_a', tx.nextOrder(), 'pending')));
    for (let i = 0; i < 60; i++) await a.transact((tx) => tx.put({ ...tx.get('ob_a')!, serverErrors: i }));
    expect(await lineCount(a.path)).toBeLessThanOrEqual(50); // 67 lines were written: it was compacted

    // b wrote to the old file generation; it must catch up with the new one, not append to the old
    await b.transact((tx) => tx.put({ ...tx.get('ob_b0')!, item: { ...tx.get('ob_b0')!.item, state: 'sent' } }));
    expect(b.state.get('ob_a')!.serverErrors).toBe(59);
    await a.transact(() => undefined);
    expect(a.state.get('ob_b0')!.item.state).toBe('sent');
    expect([...a.state.keys()].sort()).toEqual(['ob_a', 'ob_b0', 'ob_b1', 'ob_b2', 'ob_b3', 'ob_b4']);

    // a third reader from scratch sees the same
    const c = new Journal(dir, 'b', { payloads, now: Date.now });
    await c.open();
    expect([...c.state.keys()].sort()).toEqual([...a.state.keys()].sort());
    await Promise.all([a.close(), b.close(), c.close()]);
    unregisterHolder('a');
    unregisterHolder('b');
  });

  it('prunes operations finished long ago at compaction, never open ones', async () => {
    const old = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
    const kept = await keptAfterCompaction([
      op('ob_oldsent', 1, 'sent', old),
      op('ob_oldpending', 2, 'pending', old),
      op('ob_newsent', 3, 'sent'),
    ]);
    expect(kept).toEqual(['ob_newsent', 'ob_oldpending']);
  });

  it('keeps finished revocations and their proofs for good at compaction: they are the only record of a key gone', async () => {
    const old = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
    const kept = await keptAfterCompaction([
      op('ob_oldsent', 1, 'sent', old),
      keyOp('ob_rev', 2, 'revocation', old),
      keyOp('ob_proof', 3, 'proof', old),
      op('ob_newsent', 4, 'sent'),
    ]);
    expect(kept).toEqual(['ob_newsent', 'ob_proof', 'ob_rev']);
  });

  it('reads a revocation an older build wrote with the first characters of its key, and keeps none of them', async () => {
    const dir = await tempDir('journal-test-');
    registerHolder('a');
    const old = keyOp('ob_rev', 1, 'revocation', new Date().toISOString());
    const written = { ...old, payload: { ...old.payload, keyPrefix: 'sk_live_12' } } as unknown as StoredOp;
    await writeFile(join(dir, 'outbox.journal'), encodeLine({ h: 1, gen: 'older' }) + encodeLine({ s: 1, r: written }));
    const j = new Journal(dir, 'a', { payloads, now: Date.now });
    await j.open();
    expect(j.state.get('ob_rev')?.payload).toEqual(old.payload);
    await j.transact((tx) => tx.put({ ...tx.get('ob_rev')!, serverErrors: 1 }));
    // the next snapshot of it (the journal's last line) writes none
    const lines = (await readFile(join(dir, 'outbox.journal'), 'utf8')).trimEnd().split('\n');
    expect(lines.at(-1)).toContain('"serverErrors":1');
    expect(lines.at(-1)).not.toContain('keyPrefix');
    expect(j.damageReports()).toEqual([]);
    await j.close();
    unregisterHolder('a');
  });
});
