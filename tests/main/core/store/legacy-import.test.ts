// The JSON files of earlier versions, read into crm.db once: each released layout of profiles.json,
// keys.json and history/sent-messages.json, the backups kept read-only (and holding nothing the
// app would not keep), damaged files set aside, and two processes starting together importing once.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../../src-main/core/create-core';
import { createMetaStores } from '../../../../src-main/core/meta/stores';
import { MemorySecretStore } from '../../../../src-main/core/secrets/memory-store';
import { openDatabase } from '../../../../src-main/core/store/database';
import { importLegacyFiles } from '../../../../src-main/core/store/legacy-import';
import { readProfilesOnly } from '../../../../src-main/core/store/read-profiles';
import { SentMessagesTable } from '../../../../src-main/core/store/tables/sent-messages-table';
import { tempDir } from '../../helpers/temp-dir';

const AT = new Date('2026-01-02T03:04:05.678Z');

/** profiles.json before API descriptions existed: no `api` field */
const PROFILES_BEFORE_API = {
  version: 1,
  activeProfileId: 'p_1',
  profiles: [
    {
      id: 'p_1',
      name: 'Shop',
      baseUrl: 'https://crm.example.com',
      endpointOverrides: { 'contacts.list': '/v2/contacts' },
      activeKeyId: 'lk_1',
      sandbox: false,
      allowInsecureHttp: false,
      createdAt: '2025-05-01T10:00:00.000Z',
    },
  ],
};

/** profiles.json with a learned API description */
const PROFILES_WITH_API = {
  version: 1,
  activeProfileId: 'p_2',
  profiles: [
    ...PROFILES_BEFORE_API.profiles.map((p) => ({ ...p, api: null })),
    {
      id: 'p_2',
      name: 'Cloud',
      baseUrl: 'https://graph.example.com',
      endpointOverrides: {},
      api: { version: 1, operations: {} },
      activeKeyId: null,
      sandbox: false,
      allowInsecureHttp: false,
      createdAt: '2025-06-01T10:00:00.000Z',
    },
  ],
};

const OLD_KEY = {
  id: 'lk_1',
  name: 'prod',
  profileId: 'p_1',
  fingerprint: 'wxyz',
  permissions: ['contacts:read', 'messages:send'],
  addedAt: '2025-05-01T10:00:00.000Z',
  lastUsedAt: null,
  lastStatus: 'valid',
  state: 'active',
  serverKeyId: 'k_1',
  revokedAt: null,
};

/** keys.json of the first versions: a salt and fast hashes of each key beside it, no origin */
const KEYS_WITH_HASHES = { version: 1, keys: [OLD_KEY], hashSalt: 'c2FsdA==', valueHashes: { lk_1: 'aGFzaA==' } };

/** keys.json with copies of revocation progress, origins and value tags */
const KEYS_WITH_SYNC = {
  version: 1,
  keys: [
    { ...OLD_KEY, origin: 'https://crm.example.com', proven: { 'contacts:read': true }, sync: null },
    {
      ...OLD_KEY,
      id: 'lk_2',
      name: 'old',
      state: 'revoked',
      revokedAt: '2025-07-01T00:00:00.000Z',
      origin: 'https://crm.example.com',
      sync: { state: 'pending', reason: 'offline' },
    },
  ],
  valueTags: { lk_1: 'dGFn' },
  tagKeyCheck: 'Y2hlY2s=',
};

const SENT = {
  version: 1,
  records: [
    {
      id: 'r_1',
      profileId: 'p_1',
      kind: 'text',
      number: '5511999990000',
      text: 'hello',
      fileName: null,
      status: 'queued',
      at: '2025-08-01T00:00:00.000Z',
      messageId: 'm_1',
      origin: 'sent',
    },
    {
      id: 'r_2',
      profileId: 'p_1',
      kind: 'document',
      number: '5511999990000',
      text: null,
      fileName: 'a.pdf',
      status: 'sent',
      at: '2025-08-01T00:01:00.000Z',
      messageId: 'm_2',
      origin: 'outbox',
    },
  ],
};

function writeLegacy(dir: string, files: { profiles?: unknown; keys?: unknown; sent?: unknown }): void {
  if (files.profiles !== undefined)
    writeFileSync(join(dir, 'profiles.json'), typeof files.profiles === 'string' ? files.profiles : JSON.stringify(files.profiles));
  if (files.keys !== undefined)
    writeFileSync(join(dir, 'keys.json'), typeof files.keys === 'string' ? files.keys : JSON.stringify(files.keys));
  if (files.sent !== undefined) {
    mkdirSync(join(dir, 'history'), { recursive: true });
    writeFileSync(join(dir, 'history', 'sent-messages.json'), JSON.stringify(files.sent));
  }
}

describe('importing the JSON files of earlier versions', () => {
  it('profiles from before API descriptions, keys with the old hashes: imported; the backup keeps neither hashes nor anything dropped', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: PROFILES_BEFORE_API, keys: KEYS_WITH_HASHES, sent: SENT });
    const db = openDatabase(dir);
    const notices: string[] = [];
    expect(importLegacyFiles(db, dir, { onNotice: (m) => notices.push(m), now: () => AT })).toHaveLength(3);
    const meta = createMetaStores(db);
    expect(await meta.profiles.read()).toEqual({
      version: 1,
      activeProfileId: 'p_1',
      profiles: [{ ...PROFILES_BEFORE_API.profiles[0], api: null }],
    });
    expect((await meta.keys.read()).keys).toEqual([OLD_KEY]);
    expect((await new SentMessagesTable(db).read()).map((r) => r.id)).toEqual(['r_1', 'r_2']);
    expect(notices).toEqual([
      'Profiles, keys and sent messages of the earlier version were moved into crm.db; the old files are kept read-only as *.imported.',
    ]);

    expect(existsSync(join(dir, 'profiles.json'))).toBe(false);
    expect(existsSync(join(dir, 'keys.json'))).toBe(false);
    const backup = readFileSync(join(dir, 'keys.json.imported'), 'utf8');
    expect(backup).toContain('"lk_1"');
    expect(backup).not.toMatch(/hashSalt|valueHashes/);
    expect(statSync(join(dir, 'keys.json.imported')).mode & 0o777).toBe(0o400);
    expect(statSync(join(dir, 'history', 'sent-messages.json.imported')).mode & 0o777).toBe(0o400);
  });

  it('profiles with API descriptions, keys with origins, proofs, tags and copied revocation progress: all kept but the copies', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: PROFILES_WITH_API, keys: KEYS_WITH_SYNC });
    const db = openDatabase(dir);
    importLegacyFiles(db, dir, { now: () => AT });
    const meta = createMetaStores(db);
    const profiles = await meta.profiles.read();
    expect(profiles.activeProfileId).toBe('p_2');
    expect(profiles.profiles.map((p) => [p.id, p.api === null ? null : 'described'])).toEqual([
      ['p_1', null],
      ['p_2', 'described'],
    ]);
    const keys = await meta.keys.read();
    expect(keys.keys).toEqual(KEYS_WITH_SYNC.keys.map(({ sync: _copied, ...k }) => k));
    expect(keys.valueTags).toEqual({ lk_1: 'dGFn' });
    expect(keys.tagKeyCheck).toBe('Y2hlY2s=');
  });

  it('runs once: files that appear later are not read again, and a second process finds nothing to do', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: PROFILES_BEFORE_API });
    const first = openDatabase(dir);
    const second = openDatabase(dir);
    expect(importLegacyFiles(first, dir)).toEqual([join(dir, 'profiles.json')]);
    writeLegacy(dir, { profiles: PROFILES_WITH_API });
    expect(importLegacyFiles(second, dir)).toEqual([]);
    expect((await createMetaStores(second).profiles.read()).profiles.map((p) => p.id)).toEqual(['p_1']);
  });

  it('a damaged file is set aside with a notice; the others are still imported', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: '{"version":1,"profiles":[{"id":', keys: KEYS_WITH_SYNC });
    const notices: string[] = [];
    const db = openDatabase(dir);
    importLegacyFiles(db, dir, { onNotice: (m) => notices.push(m), now: () => AT });
    expect(notices[0]).toBe(
      'profiles.json could not be read and was set aside as profiles.json.corrupt-2026-01-02T03-04-05-678Z; starting with an empty one.',
    );
    expect(readFileSync(join(dir, 'profiles.json.corrupt-2026-01-02T03-04-05-678Z'), 'utf8')).toBe('{"version":1,"profiles":[{"id":');
    expect((await createMetaStores(db).keys.read()).keys).toHaveLength(2);
  });

  it('valid JSON of the wrong shape counts as damaged too', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: { version: 1, profiles: 'nope' } });
    const notices: string[] = [];
    importLegacyFiles(openDatabase(dir), dir, { onNotice: (m) => notices.push(m) });
    expect(notices).toHaveLength(1);
    expect(readdirSync(dir).some((n) => n.startsWith('profiles.json.corrupt-'))).toBe(true);
  });

  it('the core imports at start: a data folder of an earlier version opens with its profiles and keys', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: PROFILES_WITH_API, keys: KEYS_WITH_SYNC, sent: SENT });
    const core = await createCore({ dataDir: dir, secretStore: new MemorySecretStore(), outbox: false });
    try {
      expect((await core.profiles.list()).profiles.map((p) => p.name)).toEqual(['Shop', 'Cloud']);
      expect(core.notices).toContain(
        'Profiles, keys and sent messages of the earlier version were moved into crm.db; the old files are kept read-only as *.imported.',
      );
    } finally {
      await core.close();
    }
  });

  it('a process that only reads profiles (crm with CRM_API_KEY) writes nothing: JSON before the import, the database after', async () => {
    const dir = await tempDir('crm-legacy-');
    writeLegacy(dir, { profiles: PROFILES_BEFORE_API });
    expect(readProfilesOnly(dir).profiles.map((p) => p.id)).toEqual(['p_1']);
    expect(readdirSync(dir)).toEqual(['profiles.json']);
    importLegacyFiles(openDatabase(dir), dir);
    expect(readProfilesOnly(dir).profiles.map((p) => p.id)).toEqual(['p_1']);
  });
});
