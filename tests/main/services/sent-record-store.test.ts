// The app's record of sent messages on disk: bounded (the oldest go first), one file written
// atomically, another process's appends kept, and a damaged file set aside, never overwritten.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SentRecord } from '../../../src-main/core/messages/sent-record';
import { sentRecordOf } from '../../../src-main/core/messages/sent-record';
import { RECORD_FILE, SentRecordStore } from '../../../src-main/core/messages/sent-record-store';
import { tempDir } from '../helpers/temp-dir';

function record(n: number): SentRecord {
  return { id: `r_${n}`, profileId: 'p1', kind: 'text', number: '5511999990000', text: `text ${n}`, fileName: null, status: 'queued', at: new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString(), messageId: `m_${n}`, origin: 'sent' };
}

describe('SentRecordStore', () => {
  it('keeps the last `limit` sends, oldest first, and leaves no temporary file behind', async () => {
    const dir = await tempDir('crm-record-');
    const store = new SentRecordStore(join(dir, RECORD_FILE), { limit: 3 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => store.append(record(n))));
    expect((await store.read()).map((r) => r.id)).toEqual(['r_3', 'r_4', 'r_5']);
    expect(await readdir(dir)).toEqual([RECORD_FILE]);
  });

  it('an append keeps what another instance (another process on the data folder) wrote since', async () => {
    const path = join(await tempDir('crm-record-'), RECORD_FILE);
    const app = new SentRecordStore(path);
    const cli = new SentRecordStore(path);
    await app.append(record(1));
    await cli.append(record(2));
    await app.append(record(3));
    expect((await cli.read()).map((r) => r.id)).toEqual(['r_1', 'r_2', 'r_3']);
  });

  it('a damaged file is set aside with a message, and a new record is started', async () => {
    const dir = await tempDir('crm-record-');
    const path = join(dir, RECORD_FILE);
    await writeFile(path, '{"version":1,"records":[{"id":"r_1"');
    const problems: string[] = [];
    const store = new SentRecordStore(path, { onProblem: (m) => problems.push(m), now: () => new Date(Date.UTC(2024, 4, 1)) });
    expect(await store.read()).toEqual([]);
    expect(problems).toEqual([`The record of sent messages could not be read; it was set aside as ${path}.damaged-${Date.UTC(2024, 4, 1)} and a new one was started.`]);
    expect(await readFile(`${path}.damaged-${Date.UTC(2024, 4, 1)}`, 'utf8')).toContain('"r_1"');
    await store.append(record(2));
    expect((await store.read()).map((r) => r.id)).toEqual(['r_2']);
  });

  it('records of another shape (a hand edit) are left out, the rest kept', async () => {
    const path = join(await tempDir('crm-record-'), RECORD_FILE);
    await writeFile(path, JSON.stringify({ version: 1, records: [record(1), { ...record(2), origin: 'elsewhere' }, { id: 'r_3' }, record(4)] }));
    expect((await new SentRecordStore(path).read()).map((r) => r.id)).toEqual(['r_1', 'r_4']);
  });
});

describe('sentRecordOf', () => {
  const at = new Date(Date.UTC(2024, 4, 1, 12, 0));
  const scrubKey = (text: string): string => text.replaceAll('crm_sk_secret_value', '***');
  const message = { id: 'm_1', type: 'media' as const, number: '5511999990000', status: 'queued', createdAt: null, raw: {}, understood: true };

  it('keeps the type, the recipient in digits, the caption and the file name, scrubbed, never the file path', () => {
    const r = sentRecordOf(
      {
        profileId: 'p1',
        origin: 'outbox',
        message,
        op: { op: 'messages.media', idempotencyKey: 'k', input: { number: '+55 (11) 99999-0000', mediatype: 'document', source: { kind: 'file', path: '/home/ana/private/Q1 report.pdf' }, caption: 'for crm_sk_secret_value' } },
      },
      scrubKey,
      at,
      'r_x',
    );
    expect(r).toEqual({ id: 'r_x', profileId: 'p1', kind: 'document', number: '5511999990000', text: 'for ***', fileName: 'Q1 report.pdf', status: 'queued', at: at.toISOString(), messageId: 'm_1', origin: 'outbox' });
  });

  it('scrubs a key before it cuts a long text, so a cut never leaves part of a key', () => {
    const long = `${'a'.repeat(995)}crm_sk_secret_value and more`;
    const r = sentRecordOf({ profileId: 'p1', origin: 'sent', message: { ...message, type: 'text' }, op: { op: 'messages.text', idempotencyKey: 'k', input: { number: '5511999990000', text: long } } }, scrubKey, at, 'r_y');
    expect(r.text).toBe(`${'a'.repeat(995)}*** …`);
    expect([...(r.text ?? '')]).toHaveLength(1000);
  });
});
