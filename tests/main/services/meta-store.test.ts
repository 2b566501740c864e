// The metadata files: loaded once, atomic serialised writes, a corrupt file set aside.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CrmError } from '../../../src-main/core/errors';
import { createMetaStores } from '../../../src-main/core/meta/stores';
import { tempDir } from '../helpers/temp-dir';

describe('metadata stores', () => {
  it('starts empty when no file exists and writes 0600 files', async () => {
    const dir = await tempDir();
    const meta = createMetaStores(dir);
    expect(await meta.profiles.read()).toEqual({ version: 1, activeProfileId: null, profiles: [] });
    await meta.profiles.update((doc) => {
      doc.activeProfileId = 'p_1';
    });
    const info = await stat(join(dir, 'profiles.json'));
    expect(info.mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8'))).toMatchObject({ version: 1, activeProfileId: 'p_1' });
  });

  it('serialises concurrent updates: none is lost', async () => {
    const dir = await tempDir();
    const meta = createMetaStores(dir);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        meta.profiles.update((doc) => {
          doc.profiles.push({ id: `p_${i}`, name: `n${i}`, baseUrl: 'http://127.0.0.1', endpointOverrides: {}, api: null, activeKeyId: null, sandbox: false, allowInsecureHttp: false, createdAt: 'x' });
        }),
      ),
    );
    const reopened = createMetaStores(dir);
    expect((await reopened.profiles.read()).profiles.map((p) => p.id)).toEqual(Array.from({ length: 40 }, (_, i) => `p_${i}`));
  });

  it('a refused change writes nothing and later changes still run', async () => {
    const dir = await tempDir();
    const meta = createMetaStores(dir);
    await expect(
      meta.profiles.update(() => {
        throw new CrmError('validation', 'no');
      }),
    ).rejects.toMatchObject({ code: 'validation' });
    expect(await readdir(dir)).toEqual([]);
    await meta.profiles.update((doc) => {
      doc.activeProfileId = 'p_2';
    });
    expect((await meta.profiles.read()).activeProfileId).toBe('p_2');
  });

  it('read() hands out copies: changing one does not change the store', async () => {
    const meta = createMetaStores(await tempDir());
    const doc = await meta.profiles.read();
    doc.activeProfileId = 'tampered';
    expect((await meta.profiles.read()).activeProfileId).toBeNull();
  });

  it('sets a corrupt file aside with a clear notice and starts clean', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'keys.json'), '{"version":1,"keys":[{"id":');
    const notices: string[] = [];
    const meta = createMetaStores(dir, { onNotice: (m) => notices.push(m), now: () => new Date('2026-01-02T03:04:05.678Z') });
    expect(await meta.keys.read()).toEqual({ version: 1, keys: [] });
    expect(notices).toEqual(['keys.json could not be read and was set aside as keys.json.corrupt-2026-01-02T03-04-05-678Z; starting with an empty one.']);
    expect((await readdir(dir)).sort()).toEqual(['keys.json.corrupt-2026-01-02T03-04-05-678Z']);
    expect(await readFile(join(dir, 'keys.json.corrupt-2026-01-02T03-04-05-678Z'), 'utf8')).toBe('{"version":1,"keys":[{"id":');
  });

  it('treats valid JSON of the wrong shape as corrupt too', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: 'nope' }));
    const notices: string[] = [];
    const meta = createMetaStores(dir, { onNotice: (m) => notices.push(m) });
    expect((await meta.profiles.read()).profiles).toEqual([]);
    expect(notices).toHaveLength(1);
    expect((await readdir(dir)).some((n) => n.startsWith('profiles.json.corrupt-'))).toBe(true);
  });

  it('drops unknown fields on load (nothing but KeyMeta survives, e.g. a stray "value")', async () => {
    const dir = await tempDir();
    const key = {
      id: 'lk_1', name: 'k', profileId: 'p_1', fingerprint: 'abcd', permissions: null, addedAt: 'x', lastUsedAt: null,
      lastStatus: null, state: 'active', serverKeyId: null, revokedAt: null,
    };
    await writeFile(join(dir, 'keys.json'), JSON.stringify({ version: 1, keys: [{ ...key, value: 'crm_sk_should_not_survive' }] }));
    const meta = createMetaStores(dir);
    expect((await meta.keys.read()).keys).toEqual([key]);
    await meta.keys.update(() => undefined);
    expect(await readFile(join(dir, 'keys.json'), 'utf8')).not.toContain('crm_sk_should_not_survive');
  });

  it('loads a keys.json that still carries copies of revocation progress: the copies are ignored, nothing else is lost', async () => {
    const dir = await tempDir();
    const own = { name: 'k', profileId: 'p_1', fingerprint: 'abcd', permissions: ['contacts:read'], addedAt: 'x', lastUsedAt: 'y', lastStatus: 'valid', serverKeyId: 'k_1', origin: 'https://a.example' };
    const keys = [
      { ...own, id: 'lk_1', state: 'active', revokedAt: null, sync: null },
      { ...own, id: 'lk_2', state: 'revoked', revokedAt: 'z', sync: { state: 'pending', reason: 'offline', detail: 'no answer', nextAttemptAt: 'w', outboxId: 'ob_1' } },
      { ...own, id: 'lk_3', state: 'revoked', revokedAt: 'z', sync: { state: 'synced', at: 'z' } },
      { ...own, id: 'lk_4', state: 'revoked', revokedAt: 'z', sync: { state: 'failed', reason: 'Forbidden (403)' } },
      { ...own, id: 'lk_5', state: 'revoked', revokedAt: 'z', sync: { state: 'local_only' } },
    ];
    await writeFile(join(dir, 'keys.json'), JSON.stringify({ version: 1, keys }));
    const notices: string[] = [];
    const meta = createMetaStores(dir, { onNotice: (m) => notices.push(m) });
    expect((await meta.keys.read()).keys).toEqual(keys.map(({ sync: _copied, ...key }) => key));
    expect(notices).toEqual([]);
    await meta.keys.update(() => undefined);
    expect(await readFile(join(dir, 'keys.json'), 'utf8')).not.toContain('"sync"');
  });
});
