// A core opened for one short command: with database 'memory' it leaves no crm.db behind, and
// with prepareFilesAtStart false it touches the staging folder only when a file is staged.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/create-core';
import { FileStaging } from '../../../src-main/core/files/staging';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import { tempDir } from '../helpers/temp-dir';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('a core opened for one command', () => {
  it('keeps its database in memory: profiles work, and no crm.db is written to the data folder', async () => {
    const dataDir = await tempDir('crm-lean-');
    const core = await createCore({
      dataDir,
      database: 'memory',
      prepareFilesAtStart: false,
      secretStore: new MemorySecretStore(),
      outbox: false,
    });
    try {
      const profile = await core.profiles.create({ name: 'one', baseUrl: 'http://127.0.0.1:9' });
      expect((await core.profiles.list()).profiles.map((p) => p.id)).toEqual([profile.id]);
    } finally {
      await core.close();
    }
    expect(existsSync(join(dataDir, 'crm.db'))).toBe(false);
    expect(existsSync(join(dataDir, 'staging'))).toBe(false);
  });
});

describe('file staging prepared on first use', () => {
  it('creates nothing until a file is staged, then sweeps and stages as init() would', async () => {
    const dataDir = await tempDir('crm-lean-');
    const files = new FileStaging(dataDir);
    await files.releaseAll();
    expect(existsSync(files.root)).toBe(false);
    const staged = await files.stageFromBytes('pic.png', PNG, 'image');
    expect(files.resolve(staged.fileId).startsWith(`${files.dir}/`)).toBe(true);
    await files.releaseAll();
    expect(await readdir(files.root)).toEqual([]);
  });

  it('prepares once however often init() is called', async () => {
    const dataDir = await tempDir('crm-lean-');
    const files = new FileStaging(dataDir);
    await Promise.all([files.init(), files.init()]);
    const staged = await files.stageFromBytes('pic.png', PNG, 'image');
    await files.init();
    expect(existsSync(files.resolve(staged.fileId))).toBe(true);
    await files.releaseAll();
  });
});
