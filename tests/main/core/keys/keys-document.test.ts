// The saved keys' document and its one writer: each named change over a real crm.db, two
// connections (two processes) changing it in turn, and no other module of the core editing the
// document directly.
import { describe, expect, it } from 'vitest';
import { KeysDocument } from '../../../../src-main/core/keys/keys-document';
import { documentInTwoProcesses, itIsTheStoresOnlyWriter } from '../../helpers/document-processes';
import { keyRow } from '../../helpers/meta-rows';

const key = keyRow;

const twoProcesses = (): Promise<[KeysDocument, KeysDocument]> =>
  documentInTwoProcesses('crm-keys-doc-', (stores) => new KeysDocument(stores.keys));

describe('the keys document', () => {
  itIsTheStoresOnlyWriter('keys', /\bkeys\s*\.update\(/);

  it('adds a key with its tag, and a refusal from the current document writes nothing', async () => {
    const [app, cli] = await twoProcesses();
    await app.addKey(key(1), { tag: 't1', check: 'c' }, () => {});
    await expect(
      cli.addKey(key(2), { tag: 't1', check: 'c' }, (doc) => {
        if (Object.values(doc.valueTags ?? {}).includes('t1')) throw new Error('saved twice');
      }),
    ).rejects.toThrow('saved twice');
    const doc = await app.read();
    expect(doc.keys.map((k) => k.id)).toEqual(['lk_1']);
    expect(doc.valueTags).toEqual({ lk_1: 't1' });
  });

  it('revoking drops the tag and keeps the record; removing a revoked key another process removed already is a no-op', async () => {
    const [app, cli] = await twoProcesses();
    await app.addKey(key(1), { tag: 't1', check: 'c' }, () => {});
    await cli.markRevoked('lk_1', '2026-11-29T00:00:00.000Z');
    const revoked = (await app.read()).keys[0]!;
    expect([revoked.state, revoked.revokedAt]).toEqual(['revoked', '2026-11-29T00:00:00.000Z']);
    expect((await app.read()).valueTags).toEqual({});
    await cli.removeRevoked('lk_1');
    await app.removeRevoked('lk_1');
    expect((await app.read()).keys).toEqual([]);
    await expect(app.markRevoked('lk_1', 'y')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('binds a key to an origin once, and a bound key keeps its origin', async () => {
    const [app, cli] = await twoProcesses();
    await app.addKey(key(1), { tag: 't1', check: 'c' }, () => {});
    await app.bindOrigin('lk_1', 'https://first.example');
    await cli.bindOrigin('lk_1', 'https://second.example');
    expect((await app.read()).keys[0]!.origin).toBe('https://first.example');
  });

  it('merges what uses taught, from two processes in turn', async () => {
    const [app, cli] = await twoProcesses();
    await app.addKey(key(1), { tag: 't1', check: 'c' }, () => {});
    await app.recordUse(
      new Map([['lk_1', { at: '2026-11-29T01:00:00.000Z', outcome: 'valid' as const, proven: { 'contacts:read': true } }]]),
    );
    await cli.recordUse(new Map([['lk_1', { proven: { 'messages:send': true } }]]));
    const used = (await app.read()).keys[0]!;
    expect(used.lastUsedAt).toBe('2026-11-29T01:00:00.000Z');
    expect(used.lastStatus).toBe('valid');
    expect(used.proven).toEqual({ 'contacts:read': true, 'messages:send': true });
  });

  it('a replaced value forgets what the old one taught', async () => {
    const [app] = await twoProcesses();
    await app.addKey(key(1), { tag: 't1', check: 'c' }, () => {});
    await app.recordUse(new Map([['lk_1', { at: 'then', outcome: 'valid' as const, proven: { 'contacts:read': true } }]]));
    await app.replaceValue('lk_1', 'wxyz', 'sk_9', { tag: 't2', check: 'c' });
    const replaced = (await app.read()).keys[0]!;
    expect([replaced.fingerprint, replaced.serverKeyId, replaced.lastUsedAt, replaced.lastStatus, replaced.proven]).toEqual([
      'wxyz',
      'sk_9',
      null,
      null,
      undefined,
    ]);
    expect((await app.read()).valueTags).toEqual({ lk_1: 't2' });
  });

  it('never lists one recovered value twice, and forgets a whole profile with its tags', async () => {
    const [app, cli] = await twoProcesses();
    await app.addRecovered([key(1), key(2, 'p_2')]);
    await cli.addRecovered([key(1)]);
    await app.tagIfMissing('lk_1', { tag: 't1', check: 'c' });
    await cli.tagIfMissing('lk_1', { tag: 'other', check: 'c' });
    expect((await app.read()).valueTags).toEqual({ lk_1: 't1' });
    await cli.forgetProfile('p_1');
    const doc = await app.read();
    expect(doc.keys.map((k) => k.id)).toEqual(['lk_2']);
    expect(doc.valueTags).toEqual({});
  });
});
