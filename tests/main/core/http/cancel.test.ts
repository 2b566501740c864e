// Cancellation with an AbortSignal: before sending, during a hanging request, during a 429
// wait, during an upload. Every case ends in CrmError 'cancelled' and sends nothing more.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toErrorInfo } from '../../../../src-main/core/errors';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { startSandbox } from '../../../../src-main/sandbox/index';
import { tempDir } from '../../helpers/temp-dir';
import { startHttpServer } from './support/local-server';
import { makePng } from './support/media-fixtures';
import { recorder } from './support/recorders';
import { CANARY_KEY, build, caught, idempotencyKey, listContacts, sendText } from './support/requests';

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ rate: 100_000, burst: 100_000, contacts: 10 });
  dir = await tempDir('crm-cancel-');
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.clearFaults());

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition not met');
}

const CANCELLED = { code: 'cancelled', message: 'The request was cancelled' };

describe('cancellation', () => {
  it('an already aborted signal sends nothing', async () => {
    const since = sandbox.requests().length;
    const client = createApiClient();
    const controller = new AbortController();
    controller.abort();
    const err = await caught(async () => client.send(await listContacts(sandbox.baseUrl), sandbox.adminKey, { signal: controller.signal }));
    expect(toErrorInfo(err)).toEqual(CANCELLED);
    expect(sandbox.requests().length).toBe(since);
    await client.close();
  });

  it('aborting a request the server never answers', async () => {
    const since = sandbox.requests().length;
    sandbox.injectFaults([{ kind: 'hang' }], { pathPrefix: '/api/v1/contacts' });
    const rec = recorder();
    const client = createApiClient({ headersTimeoutMs: 60_000, observer: rec.observer });
    const controller = new AbortController();
    const pending = caught(async () => client.send(await listContacts(sandbox.baseUrl), sandbox.adminKey, { signal: controller.signal }));
    await until(() => sandbox.requests().length > since);
    controller.abort();
    expect(toErrorInfo(await pending)).toEqual(CANCELLED);
    expect(sandbox.requests().length - since).toBe(1);
    expect(rec.log.map((e) => [e.status, e.errorCode])).toEqual([[null, 'cancelled']]);
    await client.close();
  });

  it('aborting during a 429 wait (real timer, Retry-After 30 s) stops at once and never retries', async () => {
    const since = sandbox.requests().length;
    sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '30' }], { pathPrefix: '/api/v1/messages/text' });
    const client = createApiClient();
    const controller = new AbortController();
    const progress: string[] = [];
    const err = await caught(async () =>
      client.send(await sendText(sandbox.baseUrl), sandbox.adminKey, {
        signal: controller.signal,
        onProgress: (p) => {
          progress.push(p.kind);
          if (p.kind === 'waiting') controller.abort();
        },
      }),
    );
    expect(toErrorInfo(err)).toEqual(CANCELLED);
    expect(progress).toEqual(['waiting']);
    expect(sandbox.requests().length - since).toBe(1);
    await client.close();
  });

  it('an injected sleep that ignores the signal still ends in cancelled', async () => {
    sandbox.injectFaults([{ kind: 'rate_limit', retryAfter: '1' }], { pathPrefix: '/api/v1/contacts' });
    const controller = new AbortController();
    const client = createApiClient({
      sleep: async () => {
        controller.abort();
      },
    });
    const since = sandbox.requests().length;
    const err = await caught(async () => client.send(await listContacts(sandbox.baseUrl), sandbox.adminKey, { signal: controller.signal }));
    expect(toErrorInfo(err)).toEqual(CANCELLED);
    expect(sandbox.requests().length - since).toBe(1);
    await client.close();
  });

  it('aborting in the middle of an upload', async () => {
    const server = await startHttpServer(() => undefined);
    // a server that never answers; the body is about 4 MB, so the abort lands mid-upload
    const path = join(dir, 'big.png');
    await writeFile(path, makePng(1000, 1000));
    const request = await build(server.url, {
      op: 'messages.media',
      input: { number: '5511999990000', mediatype: 'image', source: { kind: 'file', path } },
      idempotencyKey: idempotencyKey(),
    });
    const client = createApiClient();
    const controller = new AbortController();
    let uploads = 0;
    const err = await caught(async () =>
      client.send(request, CANARY_KEY, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.kind === 'upload' && (uploads += 1) === 2) controller.abort();
        },
      }),
    );
    expect(toErrorInfo(err)).toEqual(CANCELLED);
    expect(uploads).toBeGreaterThanOrEqual(2);
    await client.close();
    await server.close();
  });

  it('closing the client ends requests still in flight and refuses new ones', async () => {
    sandbox.injectFaults([{ kind: 'hang' }], { pathPrefix: '/api/v1/api-keys' });
    const client = createApiClient({ headersTimeoutMs: 60_000 });
    const since = sandbox.requests().length;
    const pending = caught(async () => client.send(await build(sandbox.baseUrl, { op: 'keys.list', input: {} }), sandbox.adminKey));
    await until(() => sandbox.requests().length > since);
    await client.close();
    expect(toErrorInfo(await pending).code).toBe('cancelled');
    expect(toErrorInfo(await caught(async () => client.send(await listContacts(sandbox.baseUrl), sandbox.adminKey)))).toEqual({
      code: 'cancelled',
      message: 'The HTTP client was closed',
    });
  });
});
