// A key's last use is bookkeeping written apart from the request that used the key: never in the
// request's own turn (its answer is on its way), a stream of uses shares one write, and this
// process reads its own uses at once through flush() (KeyManager does before every read).
import { describe, expect, it } from 'vitest';
import { KeysDocument } from '../../../../src-main/core/keys/keys-document';
import { KeyVault } from '../../../../src-main/core/keys/key-vault';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { openDatabase } from '../../../../src-main/core/store/database';
import { keyRow } from '../../helpers/meta-rows';
import { tempDir } from '../../helpers/temp-dir';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** a vault over a real crm.db with one saved key, and a count of the keys document's writes */
async function vaultWithOneKey(): Promise<{ vault: KeyVault; writes: () => number; read: () => Promise<string | null> }> {
  const meta = createMetaStores(openDatabase(await tempDir('crm-key-use-')));
  await new KeysDocument(meta.keys).addKey(keyRow(1), { tag: 't1', check: 'c' }, () => {});
  let writes = 0;
  const update = meta.keys.update.bind(meta.keys);
  meta.keys.update = (mutate) => {
    writes += 1;
    return update(mutate);
  };
  let clock = Date.parse('2026-11-30T01:00:00.000Z');
  const vault = new KeyVault(new MemorySecretStore(), meta, () => new Date((clock += 1000)));
  const read = async (): Promise<string | null> => (await meta.keys.read()).keys[0]!.lastUsedAt ?? null;
  return { vault, writes: () => writes, read };
}

describe('recording a key use', () => {
  it('writes nothing in the turn of the request that used the key', async () => {
    const { vault, writes } = await vaultWithOneKey();
    vault.noteUse('lk_1', 'valid');
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(writes()).toBe(0);
    await vault.flush();
    expect(writes()).toBe(1);
  });

  it('a stream of uses over several turns: the first written after its turn, the rest in one write of the last', async () => {
    const { vault, writes, read } = await vaultWithOneKey();
    vault.noteUse('lk_1', 'valid');
    // a timer set after the first use's (due at once) runs after it: that write is done by then
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes()).toBe(1);
    for (let i = 1; i < 20; i++) {
      vault.noteUse('lk_1', 'valid');
      await nextTurn();
    }
    expect(writes()).toBe(1);
    await vault.flush();
    expect(writes()).toBe(2);
    expect(await read()).toBe('2026-11-30T01:00:20.000Z');
  });

  it('a use right after a write waits for the next batch, and flush writes it at once', async () => {
    const { vault, writes, read } = await vaultWithOneKey();
    vault.noteUse('lk_1', 'valid');
    await vault.flush();
    vault.noteUse('lk_1', 'valid');
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(writes()).toBe(1);
    await vault.flush();
    expect(writes()).toBe(2);
    expect(await read()).toBe('2026-11-30T01:00:02.000Z');
  });
});
