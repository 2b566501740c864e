// `crm send media --file PATH --queue` while the service is down, then the file is rewritten with
// other bytes of the same size before `crm sync`: the send that goes is the file as it was when
// it was queued (the outbox keeps its own copy), never the new bytes. Real processes, the real
// sandbox and the REAL OS keychain.
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src-main/core/secrets/keytar-store';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, findSecrets, keychainAvailable, openSandbox, tempDir, uniqueKeychainService } from '../helpers/index';
import { forgetListedKeys, spawnCli, transcript } from './cli-harness';
import { addProfileAndKeyWith } from './sandbox-profile';

const available = await keychainAvailable();
const service = uniqueKeychainService('cli-queued-file');
let sandbox: RunningSandbox;
let env: Record<string, string>;

const crm = (argv: string[], input?: string) => spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });

describe.skipIf(!available)('a queued file send', () => {
  beforeAll(async () => {
    sandbox = await openSandbox();
    env = { CRM_DATA_DIR: await tempDir('crm-cli-queued-file-'), CRM_KEYCHAIN_SERVICE: service };
    await addProfileAndKeyWith(crm, { name: 'local', url: sandbox.baseUrl }, 'admin', sandbox.adminKey);
  });

  afterAll(async () => {
    expect(findSecrets(transcript, [sandbox.adminKey])).toEqual([]);
    const store = new KeytarSecretStore({ service });
    await forgetListedKeys(() => crm(['keys', 'list', '--json']), store);
    await closeSandboxes();
  });

  it('crm sync sends the bytes that were queued, not a same-size rewrite of the file', { timeout: 60_000 }, async () => {
    const file = join(await tempDir('crm-cli-queued-src-'), 'report.txt');
    const queuedText = 'the report as it was queued\n';
    const laterText = 'THE REPORT REWRITTEN LATER!\n';
    expect(laterText.length).toBe(queuedText.length);
    await writeFile(file, queuedText);

    await sandbox.suspend();
    try {
      const queued = await crm(['send', 'media', '--to', '5511933334444', '--type', 'document', '--file', file, '--queue', '--json']);
      expect(queued.code, queued.stderr).toBe(0);
      expect(JSON.parse(queued.stdout)).toMatchObject({ status: 'queued' });
    } finally {
      await sandbox.resume();
    }
    // the outbox holds its own copy
    expect(await readdir(join(env.CRM_DATA_DIR!, 'outbox-files'))).toHaveLength(1);
    await writeFile(file, laterText);

    const synced = await crm(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    const sends = sandbox.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/messages'));
    expect(sends).toHaveLength(1);
    const body = sends[0]!.rawBody;
    expect(body).toContain(Buffer.from(queuedText).toString('base64'));
    expect(body).not.toContain(Buffer.from(laterText).toString('base64'));
  });
});
