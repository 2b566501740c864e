// `crm send media --file PATH --queue` while the service is down, then the file is rewritten with
// other bytes of the same size before `crm sync`: the send that goes is the file as it was when
// it was queued (the outbox keeps its own copy), never the new bytes. Real processes, the real
// sandbox and the REAL OS keychain.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/index';
import { fileKeychain } from '../helpers/keychain';
import { sandboxFolderForSuite, spawnedRunner } from './sandbox-folder';

const { available, service, store } = await fileKeychain('cli-queued-file');

describe.skipIf(!available)('a queued file send', () => {
  const folder = sandboxFolderForSuite({
    label: 'cli-queued-file',
    keychain: { service, store },
    profile: { name: 'local' },
    keyName: 'admin',
    runner: spawnedRunner,
  });
  const { crm } = folder;

  it('crm sync sends the bytes that were queued, not a same-size rewrite of the file', { timeout: 60_000 }, async () => {
    const file = join(await tempDir('crm-cli-queued-src-'), 'report.txt');
    const queuedText = 'the report as it was queued\n';
    const laterText = 'THE REPORT REWRITTEN LATER!\n';
    expect(laterText.length).toBe(queuedText.length);
    await writeFile(file, queuedText);

    await folder.sandbox.suspend();
    try {
      const queued = await crm(['send', 'media', '--to', '5511933334444', '--type', 'document', '--file', file, '--queue', '--json']);
      expect(queued.code, queued.stderr).toBe(0);
      expect(JSON.parse(queued.stdout)).toMatchObject({ status: 'queued' });
    } finally {
      await folder.sandbox.resume();
    }
    // the outbox holds its own copy
    expect(await readdir(join(folder.env.CRM_DATA_DIR!, 'outbox-files'))).toHaveLength(1);
    await writeFile(file, laterText);

    const synced = await crm(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    const sends = folder.sandbox.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/messages'));
    expect(sends).toHaveLength(1);
    const body = sends[0]!.rawBody;
    expect(body).toContain(Buffer.from(queuedText).toString('base64'));
    expect(body).not.toContain(Buffer.from(laterText).toString('base64'));
  });
});
