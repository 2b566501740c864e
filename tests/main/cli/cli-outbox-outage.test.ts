// `crm send --queue` and `crm sync` during a connection-reset outage (a load balancer in front of
// a dead backend: TCP accepts, then every request is reset), then the backend comes back on the
// same address. Each run is a fresh core (its own outbox, as a new `crm` process has), on one
// data folder, against the REAL OS keychain. Nothing may be set aside as failed for the outage,
// sync must say what did not go, and every message must arrive exactly once afterwards.
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src-main/sandbox/index';
import { closeSandboxes, findSecrets, openSandbox, tempDir } from '../helpers/index';
import { sandboxMessages } from '../core/outbox/doubles';
import { runInProcess, transcript } from './cli-harness';
import { addProfileAndKey, forgetKeys } from './sandbox-profile';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-outbox-outage');

/** one address: resets every request (mode 'reset') or passes it to the sandbox ('forward') */
interface Balancer {
  url: string;
  mode: 'reset' | 'forward';
  close(): Promise<void>;
}

async function startBalancer(backendPort: number): Promise<Balancer> {
  const sockets = new Set<Socket>();
  const state: Balancer = { url: '', mode: 'forward', close: async () => undefined };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.mode === 'forward') {
      const upstream = connect(backendPort, '127.0.0.1');
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
      return;
    }
    // accept, read the request head, then reset: what a balancer with a dead backend does
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) socket.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  state.url = `http://127.0.0.1:${address.port}`;
  state.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

let sandbox: RunningSandbox;
let balancer: Balancer;
let env: Record<string, string>;

function crm(argv: string[], options: Parameters<typeof runInProcess>[1] = {}) {
  return runInProcess(argv, { env, ...options });
}

interface ListedItem {
  id: string;
  label: string;
  state: string;
  pendingReason: string | null;
}

async function outboxItems(): Promise<ListedItem[]> {
  const run = await crm(['outbox', 'list', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { items: ListedItem[] }).items;
}

describe.skipIf(!available)('crm during a connection-reset outage', () => {
  beforeAll(async () => {
    sandbox = await openSandbox();
    balancer = await startBalancer(Number(new URL(sandbox.baseUrl).port));
    env = { CRM_DATA_DIR: await tempDir('crm-cli-outage-'), CRM_KEYCHAIN_SERVICE: service };
    await addProfileAndKey(env, { name: 'behind-lb', url: balancer.url }, 'admin', sandbox.adminKey);
  });

  afterAll(async () => {
    expect(findSecrets(transcript, [sandbox.adminKey])).toEqual([]);
    await forgetKeys(env, store);
    await balancer?.close();
    await closeSandboxes();
  });

  it('queues through the outage without failing anything, says what did not go, then delivers each once', async () => {
    balancer.mode = 'reset';
    const texts: string[] = [];
    for (let i = 0; i < 9; i++) {
      const text = `through the outage ${i}`;
      texts.push(text);
      const queued = await crm(['send', 'text', '--to', `55119888800${i % 3}`, '--text', text, '--queue', '--json']);
      expect(queued.code, queued.stderr).toBe(0);
      expect(JSON.parse(queued.stdout)).toMatchObject({ status: 'queued' });
    }
    let items = await outboxItems();
    expect(items).toHaveLength(9);
    expect(items.filter((i) => i.state === 'failed')).toEqual([]);

    // still down: sync sends nothing, fails nothing, exits 1 and names every message that waits
    const down = await crm(['sync', '--timeout', '5']);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^Outbox sync: 0 sent, 0 failed, 9 still pending/);
    for (const item of items) expect(down.stderr).toContain(`${item.id} to ${item.label}`);
    items = await outboxItems();
    expect(items.filter((i) => i.state === 'failed')).toEqual([]);
    expect(await sandboxMessages(sandbox.baseUrl, sandbox.adminKey)).toEqual([]);

    // the backend is back behind the same address
    balancer.mode = 'forward';
    const up = await crm(['sync', '--timeout', '20']);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/^Outbox sync: 9 sent, 0 failed, 0 still pending\./);
    const delivered = (await sandboxMessages(sandbox.baseUrl, sandbox.adminKey)).map((m) => m.text);
    expect([...delivered].sort()).toEqual([...texts].sort());
    expect((await outboxItems()).every((i) => i.state === 'sent')).toBe(true);
  });

  it('a sync that finds an operation failed earlier counts it and exits non-zero', async () => {
    // a definite refusal (a 400 from the service) sets it aside
    balancer.mode = 'forward';
    sandbox.injectFaults([{ kind: 'status', status: 400, body: '{"error":{"code":"bad_request","message":"nope"}}' }], {
      method: 'POST',
      pathPrefix: '/api/v1/messages/text',
    });
    balancer.mode = 'reset';
    const queued = await crm(['send', 'text', '--to', '5511988880099', '--text', 'refused later', '--queue', '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    balancer.mode = 'forward';
    const first = await crm(['sync', '--timeout', '10']);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/^Outbox sync: 0 sent, 1 failed, 0 still pending/);
    const again = await crm(['sync', '--timeout', '5']);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^Outbox sync: 0 sent, 1 failed \(1 before this sync\), 0 still pending/);
    expect(again.stderr).toMatch(/to 5511988880099 failed \(.*nope/);
  });
});
