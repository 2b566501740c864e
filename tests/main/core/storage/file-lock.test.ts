// The journal lock cleans up after its takers: temp files of processes that died and stale locks
// moved aside long ago go; a live process's temp file, a fresh aside and anything else stay.
import { spawnSync } from 'node:child_process';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLock } from '../../../../src-main/core/storage/file-lock';
import { tempDir } from '../../helpers/temp-dir';

describe('FileLock.removeLeftovers', () => {
  it('removes what dead takers left, by pid and by the injected clock, and nothing else', async () => {
    const dir = await tempDir('file-lock-');
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    const names = {
      deadTemp: `outbox.lock.${deadPid}.0a1b2c3d.tmp`,
      liveTemp: `outbox.lock.${process.pid}.0a1b2c3d.tmp`,
      oldAside: 'outbox.lock.stale-00aa11bb22cc',
      freshAside: 'outbox.lock.stale-33dd44ee55ff',
      journalTemp: `.outbox.journal.${deadPid}.0a1b2c3d.tmp`,
      other: 'outbox.journal',
    };
    for (const name of Object.values(names)) await writeFile(join(dir, name), '{}');
    await utimes(join(dir, names.oldAside), new Date(now - 61_000), new Date(now - 61_000));
    await utimes(join(dir, names.freshAside), new Date(now - 59_000), new Date(now - 59_000));

    await new FileLock(join(dir, 'outbox.lock'), 'test', { now: () => now }).removeLeftovers();

    // the journal's own temp files are the journal's to clean up
    expect((await readdir(dir)).sort()).toEqual([names.journalTemp, names.liveTemp, names.other, names.freshAside].sort());
  });
});
