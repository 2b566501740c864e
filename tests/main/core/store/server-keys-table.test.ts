// The last server key list per profile, as two processes on one data folder keep it: each
// writes its own profile's list, and neither undoes the other's (the JSON file it replaced was
// rewritten whole from a copy read at start, so the second writer dropped the first's list).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerKey } from '../../../../src-main/core/model';
import { openStore } from '../../../../src-main/core/store/open-store';
import { ServerKeysTable } from '../../../../src-main/core/store/tables/server-keys-table';

const key = (id: string, name: string): ServerKey => ({
  id,
  name,
  prefix: 'crm_sk_SECRETPREFIX',
  permissions: ['contacts:read'],
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  revocation: null,
});

let dir = '';
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('server key lists in crm.db', () => {
  it('two connections writing lists for different profiles keep both; a new list for one replaces only it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-server-keys-'));
    const window = openStore(dir);
    const terminal = openStore(dir);
    try {
      const a = new ServerKeysTable(window.db);
      const b = new ServerKeysTable(terminal.db);
      expect(a.get('p1')).toBeNull();
      a.put('p1', [key('k1', 'bot one')], '2026-11-26T10:00:00.000Z');
      b.put('p2', [key('k2', 'bot two')], '2026-11-26T10:00:01.000Z');
      a.put('p1', [key('k3', 'bot three')], '2026-11-26T10:00:02.000Z');
      expect(b.get('p1')).toMatchObject({ at: '2026-11-26T10:00:02.000Z', keys: [{ id: 'k3', name: 'bot three' }] });
      expect(a.get('p2')).toMatchObject({ at: '2026-11-26T10:00:01.000Z', keys: [{ id: 'k2', name: 'bot two' }] });
    } finally {
      window.db.close();
      terminal.db.close();
    }
  });

  it('keeps no prefix the server showed (the first characters of a key are part of its value)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-server-keys-'));
    const store = openStore(dir);
    try {
      const table = new ServerKeysTable(store.db);
      table.put('p1', [key('k1', 'bot')], '2026-11-26T10:00:00.000Z');
      expect(JSON.stringify(table.get('p1'))).not.toContain('SECRETPREFIX');
      expect(table.get('p1')?.keys[0]?.prefix).toBe('');
    } finally {
      store.db.close();
    }
  });

  it('a row that no longer parses reads as no list, not as an error', async () => {
    dir = await mkdtemp(join(tmpdir(), 'crm-server-keys-'));
    const store = openStore(dir);
    try {
      store.db.prepare("INSERT INTO server_key_lists (profile_id, seen_at, keys_json) VALUES ('p1', 'x', '{broken')").run();
      expect(new ServerKeysTable(store.db).get('p1')).toBeNull();
    } finally {
      store.db.close();
    }
  });
});
