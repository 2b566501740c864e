import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { resumeSandbox } from '../../../src-main/sandbox/index';
import { tempDir } from '../helpers/temp-dir';
import { call, start } from './helpers';

describe('persistence with a data file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('sandbox-data-');
  });

  it('keeps keys (as hashes), messages and idempotency records across a restart', async () => {
    const dataFile = join(dir, 'nested', 'state.json');
    const first = await start({ dataFile });
    const kept = first.createKey('kept', ['contacts:read', 'messages:send']);
    const gone = first.createKey('gone', ['contacts:read']);
    const body = { number: '5511912345678', text: 'persisted' };
    const sent = await call(first, 'POST', '/api/v1/messages/text', { key: kept.key, body, headers: { 'Idempotency-Key': 'p-1' } });
    expect(sent.status).toBe(201);
    await call(first, 'DELETE', `/api/v1/api-keys/${gone.id}`, { key: first.adminKey });
    await first.close();

    const text = await readFile(dataFile, 'utf8');
    for (const secret of [first.adminKey, kept.key, gone.key]) expect(text).not.toContain(secret);
    const saved = JSON.parse(text) as { version: number; keys: { id: string; hash: string }[] };
    expect(saved.version).toBe(1);
    expect(saved.keys.find((k) => k.id === kept.id)!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(saved.keys.map((k) => k.id)).not.toContain(gone.id);
    expect((await readdir(join(dir, 'nested'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await start({ dataFile });
    try {
      expect(second.adminKey).not.toBe(first.adminKey);
      expect((await call(second, 'GET', '/api/v1/contacts', { key: kept.key })).status).toBe(200);
      expect((await call(second, 'GET', '/api/v1/contacts', { key: first.adminKey })).status).toBe(200);
      expect((await call(second, 'GET', '/api/v1/contacts', { key: gone.key })).status).toBe(401);
      const messages = await call(second, 'GET', '/api/v1/messages', { key: kept.key });
      expect((messages.body as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([(sent.body as { id: string }).id]);
      const replay = await call(second, 'POST', '/api/v1/messages/text', { key: kept.key, body, headers: { 'Idempotency-Key': 'p-1' } });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).toBe(sent.text);
      const keys = await call(second, 'GET', '/api/v1/api-keys', { key: second.adminKey });
      const names = (keys.body as { data: { name: string }[] }).data.map((k) => k.name);
      expect(names.filter((n) => n === 'sandbox admin')).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it("resumeSandbox keeps the caller's key, and makes a new admin key only when that key is gone", async () => {
    const dataFile = join(dir, 'state.json');
    const first = await start({ dataFile });
    const reader = first.createKey('reader', ['contacts:read']);
    await first.close();
    const adminNames = async (sb: { baseUrl: string }, key: string) =>
      ((await call(sb, 'GET', '/api/v1/api-keys', { key })).body as { data: { name: string }[] }).data
        .map((k) => k.name)
        .filter((n) => n === 'sandbox admin');

    // the earlier admin key is still there: nothing made
    const kept = await resumeSandbox({ dataFile, contacts: 10, keepKeyId: first.adminKeyId });
    try {
      expect(kept).toMatchObject({ adminKey: null, adminKeyId: null });
      expect(await adminNames(kept, first.adminKey)).toHaveLength(1);
    } finally {
      await kept.close();
    }

    // a lesser key the caller chose is kept as well: it is the caller's to use
    const lesser = await resumeSandbox({ dataFile, contacts: 10, keepKeyId: reader.id });
    try {
      expect(lesser).toMatchObject({ adminKey: null, adminKeyId: null });
      expect((await call(lesser, 'GET', '/api/v1/contacts', { key: reader.key })).status).toBe(200);
      expect(await adminNames(lesser, first.adminKey)).toHaveLength(1);
    } finally {
      await lesser.close();
    }

    // null: none asked for, none made
    const none = await resumeSandbox({ dataFile, contacts: 10, keepKeyId: null });
    try {
      expect(none).toMatchObject({ adminKey: null, adminKeyId: null });
    } finally {
      await none.close();
    }

    // the data file is gone: a new admin key, which works
    await rm(dataFile);
    const fresh = await resumeSandbox({ dataFile, contacts: 10, keepKeyId: first.adminKeyId });
    try {
      expect(fresh.adminKey).toMatch(/^crm_sk_/);
      expect(fresh.adminKeyId).toMatch(/^k_/);
      expect(fresh.adminKeyId).not.toBe(first.adminKeyId);
      expect((await call(fresh, 'GET', '/api/v1/contacts', { key: first.adminKey })).status).toBe(401);
      expect((await call(fresh, 'GET', '/api/v1/api-keys', { key: fresh.adminKey! })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('saves shortly after a change, without waiting for close', async () => {
    const dataFile = join(dir, 'state.json');
    const sb = await start({ dataFile });
    try {
      const { id } = sb.createKey('soon', []);
      let saved = '';
      for (let i = 0; i < 100 && !saved.includes(id); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
        saved = await readFile(dataFile, 'utf8').catch(() => '');
      }
      expect(saved).toContain(id);
    } finally {
      await sb.close();
    }
  });

  it('refuses to start on a file that is not a sandbox state, and leaves it alone', async () => {
    const dataFile = join(dir, 'state.json');
    await writeFile(dataFile, '{"not":"mine"}');
    await expect(start({ dataFile })).rejects.toThrow(/not a sandbox state file/);
    await writeFile(dataFile, 'garbage{');
    await expect(start({ dataFile })).rejects.toThrow(/not a sandbox state file/);
    expect(await readFile(dataFile, 'utf8')).toBe('garbage{');
  });
});
