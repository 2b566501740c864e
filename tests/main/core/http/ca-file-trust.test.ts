// The CA-file setting over a real TLS connection: a server whose certificate no default trusts
// is refused until its certificate's file is named, a file that cannot be used is refused
// without losing the setting, and a changed file or setting is read again.
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { CaFileTrust, type CaFileSetting } from '../../../../src-main/core/http/network/ca-file-trust';
import { createNetworkRoute } from '../../../../src-main/core/http/network/network-route';
import type { HttpSender } from '../../../../src-main/core/http/sender';
import { caught } from '../../helpers/secret-scan';
import { tempDir } from '../../helpers/temp-dir';
import { build } from './support/requests';
import { TEST_CERT } from './support/self-signed';
import { startSelfSignedServer, type SelfSignedServer } from './support/self-signed-server';

const KEY = 'crm_sk_test_cafile_0001';
/** the trust without the file: a public root, which does not sign the test server */
const DEFAULTS = [rootCertificates[0]!];

let server: SelfSignedServer;
let origin: string;
let dir: string;
beforeAll(async () => {
  dir = await tempDir('crm-ca-trust-');
  server = await startSelfSignedServer();
  origin = server.origin;
});
afterAll(() => server.close());

/** the settings table's stand-in: one value two processes' cores would share */
function memorySetting(): CaFileSetting & { value: string | null } {
  return {
    value: null,
    get() {
      return this.value;
    },
    set(path) {
      this.value = path;
    },
  };
}

function clientTrusting(trust: CaFileTrust): HttpSender {
  return createApiClient({ network: createNetworkRoute({ env: {}, trust }) });
}

const contacts = () => build(origin, { op: 'contacts.list', input: { page: 1, perPage: 5 } });

describe('the CA-file setting', () => {
  it('a request to a server signed by the file fails without the setting and succeeds with it', async () => {
    const setting = memorySetting();
    const trust = new CaFileTrust(setting, { defaults: () => DEFAULTS });
    const client = clientTrusting(trust);
    try {
      expect(await caught(async () => client.send(await contacts(), KEY))).toMatchObject({
        code: 'network',
        message: expect.stringContaining('not trusted'),
      });
      const path = join(dir, 'company.pem');
      await writeFile(path, TEST_CERT);
      expect(await trust.choose(path)).toEqual({ path, certificates: 1, problem: null });
      expect(setting.value).toBe(path);
      expect((await client.send(await contacts(), KEY)).status).toBe(200);
      // the defaults are still trusted beside the file
      expect(await trust.trusted()).toEqual(expect.arrayContaining([...DEFAULTS, expect.stringContaining('BEGIN CERTIFICATE')]));
      expect(await trust.choose(null)).toEqual({ path: null, certificates: 0, problem: null });
      expect(await caught(async () => client.send(await contacts(), KEY))).toMatchObject({
        code: 'network',
        message: expect.stringContaining('not trusted'),
      });
    } finally {
      await client.close();
    }
  });

  it('a file that cannot be used is refused with its reason, and the setting stays as it was', async () => {
    const setting = memorySetting();
    const trust = new CaFileTrust(setting, { defaults: () => DEFAULTS });
    const good = join(dir, 'good.pem');
    await writeFile(good, TEST_CERT);
    await trust.choose(good);
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'not a certificate');
    expect(await caught(() => trust.choose(notes))).toMatchObject({
      code: 'validation',
      message: `${notes} holds no PEM certificate (a block starting with -----BEGIN CERTIFICATE-----).`,
    });
    expect(await caught(() => trust.choose(join(dir, 'nowhere.pem')))).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('There is no file at'),
    });
    expect(setting.value).toBe(good);
    expect(await trust.state()).toEqual({ path: good, certificates: 1, problem: null });
  });

  it('reads the file again when it changes, and keeps what it read when the file goes bad', async () => {
    let now = 0;
    const logged: string[] = [];
    const trust = new CaFileTrust(memorySetting(), {
      defaults: () => DEFAULTS,
      now: () => now,
      recheckMs: 1000,
      log: (m) => logged.push(m),
    });
    const client = clientTrusting(trust);
    const path = join(dir, 'rotating.pem');
    try {
      // first another root: the server is not trusted
      await writeFile(path, rootCertificates[1]!);
      await trust.choose(path);
      expect(await caught(async () => client.send(await contacts(), KEY))).toMatchObject({ code: 'network' });
      await writeFile(path, `${rootCertificates[1]!}\n${TEST_CERT}`);
      await utimes(path, new Date(), new Date(Date.now() + 5000));
      // not looked at again within the second
      expect(await caught(async () => client.send(await contacts(), KEY))).toMatchObject({ code: 'network' });
      now = 1000;
      expect((await client.send(await contacts(), KEY)).status).toBe(200);
      expect((await trust.state()).certificates).toBe(2);
      // the file is emptied: its problem is told, once, and the certificates read before still count
      await writeFile(path, '');
      now = 2000;
      expect((await client.send(await contacts(), KEY)).status).toBe(200);
      expect(await trust.state()).toEqual({ path, certificates: 2, problem: expect.stringContaining('holds no PEM certificate') });
      expect(logged).toEqual([
        `The CA file cannot be used: ${path} holds no PEM certificate (a block starting with -----BEGIN ` +
          `CERTIFICATE-----). The certificates read from it before are still trusted.`,
      ]);
    } finally {
      await client.close();
    }
  });

  it('a file another process names (the shared setting) is used here within the second', async () => {
    let now = 0;
    const shared = memorySetting();
    const here = new CaFileTrust(shared, { defaults: () => DEFAULTS, now: () => now });
    const elsewhere = new CaFileTrust(shared, { defaults: () => DEFAULTS });
    const client = clientTrusting(here);
    try {
      expect(await caught(async () => client.send(await contacts(), KEY))).toMatchObject({ code: 'network' });
      const path = join(dir, 'named-elsewhere.pem');
      await writeFile(path, TEST_CERT);
      await elsewhere.choose(path);
      now = 1000;
      expect((await client.send(await contacts(), KEY)).status).toBe(200);
      expect(await here.state()).toEqual({ path, certificates: 1, problem: null });
    } finally {
      await client.close();
    }
  });
});
