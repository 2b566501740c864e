// `crm profiles import-spec URL` run as a real process reads a document over https from anywhere
// and over plain http only from this computer, as the window does: a plain-http address of
// another host (the LAN, a cloud's metadata address) is refused in a sentence, exit 1, before any
// connection is made. Needs the built crm (out/cli).
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/index';
import { TEST_CERT, TEST_CERT_KEY } from '../core/http/support/self-signed';
import { spawnCli } from './cli-harness';

const SPEC = readFileSync(fileURLToPath(new URL('../../fixtures/specs/cloud-style.yaml', import.meta.url)), 'utf8');
const REFUSED = /A document is read over https \(plain http only from this computer\): .* is not this computer, so nothing was fetched/;

/** an IPv4 address of this machine that is not loopback, or null on a machine with none */
function ownAddress(): string | null {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return all.find((a) => a.family === 'IPv4' && !a.internal)?.address ?? null;
}

function listening(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

describe('import-spec from a URL', () => {
  let env: Record<string, string>;
  const servers: Server[] = [];
  beforeAll(async () => {
    const dir = await tempDir('crm-spec-address-');
    env = { CRM_DATA_DIR: join(dir, 'data'), CRM_KEYCHAIN_SERVICE: 'crm-spec-address-unused' };
    const ca = join(dir, 'ca.pem');
    await writeFile(ca, TEST_CERT);
    const trusted = await spawnCli(['settings', 'ca-file', ca], { env });
    expect(trusted.code, trusted.stderr).toBe(0);
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });

  it('refuses plain http to another host, exit 1, without connecting to it', async () => {
    const own = ownAddress();
    let connections = 0;
    const target = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    servers.push(target);
    // a listening socket on this machine's own network address: a request would reach it
    const address = own === null ? '169.254.169.254:80' : `${own}:${await listening(target, own)}`;
    for (const url of [
      `http://${address}/openapi.yaml`,
      'http://169.254.169.254/latest/openapi.json',
      'HTTP://192.168.1.10:8080/openapi.yaml',
    ]) {
      const run = await spawnCli(['profiles', 'import-spec', url, '--list'], { env });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(REFUSED);
      expect(run.stdout).toBe('');
    }
    expect(connections).toBe(0);
  });

  it('reads plain http from this computer and https from a trusted server', async () => {
    const plain = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC));
    const secure = createHttpsServer({ cert: TEST_CERT, key: TEST_CERT_KEY }, (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/yaml' }).end(SPEC),
    );
    servers.push(plain, secure);
    for (const url of [
      `http://127.0.0.1:${await listening(plain, '127.0.0.1')}/openapi.yaml`,
      `https://127.0.0.1:${await listening(secure, '127.0.0.1')}/openapi.yaml`,
    ]) {
      const run = await spawnCli(['profiles', 'import-spec', url, '--list'], { env });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('OpenAPI: Chat Cloud (test fixture) (3 operations)');
    }
  });
});
