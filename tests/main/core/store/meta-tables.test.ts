// The profiles and the saved keys in crm.db, as documents over rows: two connections (two
// processes) changing them in turn keep each other's changes, a refused change writes nothing,
// a row that no longer reads is left out and kept, and which tables another process changed is
// told by their counters.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CrmError } from '../../../../src-main/core/errors';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import type { SavedKey } from '../../../../src-main/core/model';
import { DATABASE_FILE, openDatabase } from '../../../../src-main/core/store/database';
import { changedTables, TableVersions } from '../../../../src-main/core/store/tables/table-versions';
import { keyRow, profileRow } from '../../helpers/meta-rows';
import { tempDir } from '../../helpers/temp-dir';

const profile = profileRow;

function key(n: number, profileId = 'p_1'): SavedKey {
  return keyRow(n, profileId, { permissions: ['contacts:read'], origin: 'https://a.example', proven: { 'contacts:read': true } });
}

describe('profiles and keys in crm.db', () => {
  it('starts empty, and the database file is private to its owner', async () => {
    const dir = await tempDir('crm-meta-');
    const meta = createMetaStores(openDatabase(dir));
    expect(await meta.profiles.read()).toEqual({ version: 1, activeProfileId: null, profiles: [] });
    expect(await meta.keys.read()).toEqual({ version: 1, keys: [], valueTags: {} });
    expect(statSync(join(dir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
  });

  it('two processes adding in turn from what they read earlier: both changes are kept (no stale rewrite)', async () => {
    const dir = await tempDir('crm-meta-');
    const app = createMetaStores(openDatabase(dir));
    const cli = createMetaStores(openDatabase(dir));
    // the window has the profiles on screen, then a `crm` command adds one and its key
    await app.profiles.read();
    await cli.profiles.update((doc) => {
      doc.profiles.push(profile(1));
    });
    await cli.keys.update((doc) => {
      doc.keys.push(key(1));
    });
    // the window then adds its own profile, and tests a key (a change to the key's row)
    await app.profiles.update((doc) => {
      doc.profiles.push(profile(2));
      doc.activeProfileId = 'p_2';
    });
    await app.keys.update((doc) => {
      const found = doc.keys.find((k) => k.id === 'lk_1');
      if (found) found.lastStatus = 'valid';
    });
    for (const meta of [app, cli]) {
      expect((await meta.profiles.read()).profiles.map((p) => p.id)).toEqual(['p_1', 'p_2']);
      expect((await meta.profiles.read()).activeProfileId).toBe('p_2');
      expect((await meta.keys.read()).keys).toEqual([{ ...key(1), lastStatus: 'valid' }]);
    }
  });

  it('many interleaved changes from two connections: none is lost, the order is kept', async () => {
    const dir = await tempDir('crm-meta-');
    const a = createMetaStores(openDatabase(dir));
    const b = createMetaStores(openDatabase(dir));
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? a : b).profiles.update((doc) => {
          doc.profiles.push(profile(i));
        }),
      ),
    );
    const reopened = createMetaStores(openDatabase(dir));
    expect((await reopened.profiles.read()).profiles.map((p) => p.id)).toEqual(Array.from({ length: 40 }, (_, i) => `p_${i}`));
  });

  it('a change touches only the rows that differ: a row another process changed meanwhile keeps its change', async () => {
    const dir = await tempDir('crm-meta-');
    const a = createMetaStores(openDatabase(dir));
    const b = createMetaStores(openDatabase(dir));
    await a.keys.update((doc) => {
      doc.keys.push(key(1), key(2));
    });
    await a.keys.read(); // a copy held by `a`
    await b.keys.update((doc) => {
      doc.keys[0]!.name = 'renamed by b';
    });
    await a.keys.update((doc) => {
      doc.keys[1]!.lastStatus = 'invalid_or_revoked';
    });
    expect((await b.keys.read()).keys.map((k) => [k.name, k.lastStatus])).toEqual([
      ['renamed by b', null],
      ['k2', 'invalid_or_revoked'],
    ]);
  });

  it('a refused change writes nothing and later changes still run', async () => {
    const db = openDatabase(await tempDir('crm-meta-'));
    const meta = createMetaStores(db);
    const versions = new TableVersions(db);
    const before = versions.read();
    await expect(
      meta.profiles.update((doc) => {
        doc.profiles.push(profile(1));
        throw new CrmError('validation', 'no');
      }),
    ).rejects.toMatchObject({ code: 'validation', message: 'no' });
    expect(changedTables(before, versions.read()).size).toBe(0);
    expect((await meta.profiles.read()).profiles).toEqual([]);
    await meta.profiles.update((doc) => {
      doc.activeProfileId = 'p_2';
    });
    expect((await meta.profiles.read()).activeProfileId).toBe('p_2');
  });

  it('read() hands out a frozen document: changing it throws and does not change the store; update() still can', async () => {
    const meta = createMetaStores(openDatabase(await tempDir('crm-meta-')));
    await meta.keys.update((d) => {
      d.keys.push(key(1));
    });
    const doc = await meta.profiles.read();
    expect(() => {
      doc.activeProfileId = 'tampered';
    }).toThrow(TypeError);
    const keys = await meta.keys.read();
    // nested records too: a key's state cannot be flipped behind the store's back
    expect(() => {
      keys.keys[0]!.state = 'revoked';
    }).toThrow(TypeError);
    expect((await meta.profiles.read()).activeProfileId).toBeNull();
    expect((await meta.keys.read()).keys[0]?.state).toBe(key(1).state);
    await meta.profiles.update((d) => {
      d.activeProfileId = 'p_1';
    });
    expect((await meta.profiles.read()).activeProfileId).toBe('p_1');
  });

  it('a row that no longer reads (a damaged description aside) is left out with one notice, and stays in the file', async () => {
    const dir = await tempDir('crm-meta-');
    const db = openDatabase(dir);
    const notices: string[] = [];
    const meta = createMetaStores(db, { onNotice: (m) => notices.push(m) });
    await meta.keys.update((doc) => {
      doc.keys.push(key(1), key(2));
    });
    db.prepare("UPDATE saved_keys SET state = 'half-revoked' WHERE id = 'lk_1'").run();
    const fresh = createMetaStores(openDatabase(dir), { onNotice: (m) => notices.push(m) });
    expect((await fresh.keys.read()).keys.map((k) => k.id)).toEqual(['lk_2']);
    await fresh.keys.update((doc) => {
      doc.keys[0]!.name = 'still editable';
    });
    expect((await fresh.keys.read()).keys.map((k) => k.id)).toEqual(['lk_2']);
    expect(notices).toEqual([
      'The saved key "k1" in crm.db could not be read and is left out; its record and its keychain entry are kept.',
    ]);
    expect(db.prepare<[], number>("SELECT count(*) FROM saved_keys WHERE id = 'lk_1'").pluck().get()).toBe(1);
  });

  it('a damaged API description reads as the default (API.md), the rest of the profile kept', async () => {
    const dir = await tempDir('crm-meta-');
    const db = openDatabase(dir);
    const meta = createMetaStores(db);
    await meta.profiles.update((doc) => {
      doc.profiles.push(profile(1));
    });
    db.prepare("UPDATE profiles SET api = '{\"operations\": 12' WHERE id = 'p_1'").run();
    expect((await createMetaStores(openDatabase(dir)).profiles.read()).profiles).toEqual([profile(1)]);
  });

  it('the table counters name what another connection changed, and only that', async () => {
    const dir = await tempDir('crm-meta-');
    const watcher = openDatabase(dir);
    const versions = new TableVersions(watcher);
    const writer = createMetaStores(openDatabase(dir));
    let seen = versions.read();
    await writer.keys.update((doc) => {
      doc.keys.push(key(1));
    });
    let now = versions.read();
    expect([...changedTables(seen, now)]).toEqual(['saved_keys']);
    seen = now;
    await writer.profiles.update((doc) => {
      doc.activeProfileId = 'p_9';
    });
    now = versions.read();
    expect([...changedTables(seen, now)]).toEqual(['settings']);
    seen = now;
    await writer.profiles.update(() => undefined);
    expect(changedTables(seen, versions.read()).size).toBe(0);
  });

  it('a key value never becomes a column: only the record and its tag are stored', async () => {
    const dir = await tempDir('crm-meta-');
    const db = openDatabase(dir);
    const meta = createMetaStores(db);
    await meta.keys.update((doc) => {
      doc.keys.push({ ...key(1), value: 'crm_sk_should_not_survive_0000' } as SavedKey);
      doc.valueTags = { lk_1: 'tag-1' };
      doc.tagKeyCheck = 'check-1';
    });
    const columns = db.prepare<[], string>("SELECT name FROM pragma_table_info('saved_keys')").pluck().all();
    expect(columns).not.toContain('value');
    expect(JSON.stringify(db.prepare('SELECT * FROM saved_keys').all())).not.toContain('crm_sk_should_not_survive');
    const read = await createMetaStores(openDatabase(dir)).keys.read();
    expect(read.valueTags).toEqual({ lk_1: 'tag-1' });
    expect(read.tagKeyCheck).toBe('check-1');
  });
});
