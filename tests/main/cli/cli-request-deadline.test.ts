// A service that answers at once but then trickles its body a byte at a time passes every
// silence timeout (connect, headers, body stall) and held `crm` for as long as it liked. The
// whole-request deadline (`crm settings request-deadline`, 2 s here) ends `crm contacts` and
// `crm send text` (the real process) with an error that names the deadline. A send cut off may
// have been taken, so it is ambiguous: the error gives its Idempotency-Key for the retry, and a
// queued send keeps its key for `crm sync`: the service sees one key, never a second message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { tempDir } from '../helpers/index';
import { startHttpServer, type LocalServer } from '../core/http/support/local-server';
import { forgetListedKeys, spawnCli, type CliRun } from './cli-harness';
import { fileKeychain } from '../helpers/keychain';

const { available, service, store } = await fileKeychain('cli-request-deadline');
const KEY = 'crm_sk_request_deadline_test_0001';
const NUMBER = '5511999990000';

let server: LocalServer;
let env: Record<string, string>;
/** 'trickle': headers at once, then a space every 300 ms, never the end; 'answer': a 201 at once */
let mode: 'trickle' | 'answer' = 'trickle';
const trickling = new Set<ServerResponse>();

const crm = (argv: string[], input?: string): Promise<CliRun> => spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });
const postKeys = (): string[] => server.received.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key'] ?? '');

async function timed(argv: string[]): Promise<CliRun & { seconds: number }> {
  const started = Date.now();
  const run = await crm(argv);
  return { ...run, seconds: (Date.now() - started) / 1000 };
}

describe.skipIf(!available)('the whole-request deadline against a trickling service', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    server = await startHttpServer((req, res) => {
      if (mode === 'answer') {
        res
          .writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ id: 'm_1', status: 'queued', data: [] }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"data":[');
      trickling.add(res);
      const timer = setInterval(() => res.write(' '), 300);
      res.on('close', () => {
        clearInterval(timer);
        trickling.delete(res);
      });
    });
    env = { CRM_DATA_DIR: await tempDir('crm-cli-deadline-'), CRM_KEYCHAIN_SERVICE: service };
    expect((await crm(['profiles', 'add', '--name', 'slow', '--url', server.url])).code).toBe(0);
    const added = await crm(['keys', 'add', '--name', 'main'], `${KEY}\n`);
    expect(added.code, added.stderr).toBe(0);
    const set = await crm(['settings', 'request-deadline', '2', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ seconds: 2, isDefault: false });
  });

  afterAll(async () => {
    await forgetListedKeys(() => crm(['keys', 'list', '--json']), store);
    for (const res of trickling) res.destroy();
    await server?.close();
  });

  it('crm contacts ends at the deadline with an error naming it', async () => {
    mode = 'trickle';
    const run = await timed(['contacts', '--json']);
    expect(run.code).toBe(1);
    expect(run.seconds).toBeLessThan(10);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'timeout' } });
    expect(run.stderr).toContain(
      `${server.url} did not finish its answer within the request deadline of 2 s ` +
        '(Profiles → Request deadline in the window; crm settings request-deadline)',
    );
  });

  it('crm send text ends at the deadline as ambiguous; the retry it names carries the same Idempotency-Key', async () => {
    mode = 'trickle';
    const before = postKeys().length;
    const run = await timed(['send', 'text', '--to', NUMBER, '--text', 'slow answer', '--json']);
    expect(run.code).toBe(1);
    expect(run.seconds).toBeLessThan(10);
    expect(run.stderr).toContain('within the request deadline of 2 s');
    const sentKey = postKeys()[before]!;
    expect(sentKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.stderr).toContain(
      `The service may have taken the message: to try again without sending it twice, run the same command with --idempotency-key ${sentKey}.`,
    );

    mode = 'answer';
    const retry = await crm(['send', 'text', '--to', NUMBER, '--text', 'slow answer', '--idempotency-key', sentKey, '--json']);
    expect(retry.code, retry.stderr).toBe(0);
    expect(postKeys().slice(before)).toEqual([sentKey, sentKey]);
  });

  it('a queued send cut off at the deadline keeps its key for crm sync', async () => {
    mode = 'trickle';
    const before = postKeys().length;
    const queued = await crm(['send', 'text', '--to', NUMBER, '--text', 'queued slow answer', '--queue', '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    expect(JSON.parse(queued.stdout)).toMatchObject({ status: 'queued' });
    expect((JSON.parse(queued.stdout) as { reason: string }).reason).toContain('within the request deadline of 2 s');

    mode = 'answer';
    const sync = await crm(['sync', '--json']);
    expect(sync.code, sync.stderr).toBe(0);
    const keys = postKeys().slice(before);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
