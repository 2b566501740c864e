// A test world: the real sandbox, the real HTTP client, a temp data dir and the doubles.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterEach } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import type { HttpSender, ObservedEntry } from '../../../../src-main/core/http/sender';
import type { OutboxItem } from '../../../../src-main/core/model';
import type { DurableOutboxDeps, Outbox } from '../../../../src-main/core/outbox/index';
import { DurableOutbox } from '../../../../src-main/core/outbox/index';
import { startSandbox } from '../../../../src-main/sandbox/index';
import type { RunningSandbox, SandboxOptions } from '../../../../src-main/sandbox/index';
import { tempDir } from '../../helpers/temp-dir';
import { PROFILE_ID, TestKeys, sandboxMessages } from './doubles';

export interface World {
  sandbox: RunningSandbox;
  dir: string;
  keys: TestKeys;
  sender: HttpSender;
  /** every request the outbox's sender made (the sandbox keeps only those with a valid key) */
  sent: ObservedEntry[];
  logs: string[];
  open(overrides?: Partial<DurableOutboxDeps>): Promise<Outbox>;
  messages(): ReturnType<typeof sandboxMessages>;
  close(): Promise<void>;
}

export const FAST = { min: 40, max: 300 };

export async function makeWorld(options: SandboxOptions & { dir?: string } = {}): Promise<World> {
  const sandbox = await startSandbox({ contacts: 5, rate: 10_000, burst: 10_000, ...options });
  const dir = options.dir ?? (await tempDir('outbox-test-'));
  const keys = new TestKeys(sandbox.baseUrl);
  keys.add('admin', sandbox.adminKey, ['contacts:read', 'messages:send', 'keys:manage'], { active: true });
  const sent: ObservedEntry[] = [];
  const sender = createApiClient({ headersTimeoutMs: 3_000, connectTimeoutMs: 2_000, observer: (e) => sent.push(e) });
  const logs: string[] = [];
  const opened: Outbox[] = [];
  return {
    sandbox,
    dir,
    keys,
    sender,
    sent,
    logs,
    async open(overrides = {}) {
      const outbox = new DurableOutbox({
        dir,
        sender,
        getProfile: keys.getProfile,
        keyAccess: keys,
        revocationKeys: keys.revocationKeys,
        adminKeyIds: keys.adminKeyIds,
        probeIntervalMs: FAST,
        log: (line) => logs.push(line),
        ...overrides,
      });
      // listening before the start, as the core's key service does
      outbox.revocations.onDidReport(keys.onRevocationSync);
      opened.push(outbox);
      await outbox.start();
      return outbox;
    },
    messages: () => sandboxMessages(sandbox.baseUrl, sandbox.adminKey),
    async close() {
      keys.release();
      await Promise.allSettled(opened.map((o) => o.close()));
      await sender.close();
      await sandbox.close();
      if (!options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** makeWorld for a test file whose every world is closed after the test that made it: call once, at the file's top. */
export function worldsClosedAfterEach(): (options?: Parameters<typeof makeWorld>[0]) => Promise<World> {
  const made: World[] = [];
  afterEach(async () => {
    for (const world of made.splice(0)) await world.close();
  });
  return async (options) => {
    const world = await makeWorld(options);
    made.push(world);
    return world;
  };
}

/** `queue` run on an outbox opened while the keys are held (so nothing is sent), the outbox closed after; its result */
export async function queuedWithKeysHeld<T>(world: World, queue: (outbox: Outbox) => Promise<T>): Promise<T> {
  world.keys.hold();
  const outbox = await world.open();
  const queued = await queue(outbox);
  await outbox.close();
  world.keys.release();
  return queued;
}

export function textOp(
  number: string,
  text: string,
): { op: 'messages.text'; input: { number: string; text: string }; idempotencyKey: string } {
  return { op: 'messages.text', input: { number, text }, idempotencyKey: randomUUID() };
}

export function enqueueText(outbox: Outbox, number: string, text: string, keyId: string | null = null): Promise<OutboxItem> {
  return outbox.enqueueMessage({ profileId: PROFILE_ID, keyId, op: textOp(number, text), label: number });
}

export async function waitFor<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export async function itemOf(outbox: Outbox, id: string): Promise<OutboxItem> {
  const item = (await outbox.list()).find((i) => i.id === id);
  if (!item) throw new Error(`no outbox item ${id}`);
  return item;
}

export async function waitState(outbox: Outbox, id: string, state: OutboxItem['state'], timeoutMs?: number): Promise<OutboxItem> {
  return waitFor(
    async () => {
      const item = await itemOf(outbox, id);
      return item.state === state ? item : null;
    },
    `${id} to be ${state}`,
    timeoutMs,
  );
}

export async function waitAll(outbox: Outbox, state: OutboxItem['state'], timeoutMs?: number): Promise<OutboxItem[]> {
  return waitFor(
    async () => {
      const items = await outbox.list();
      return items.length > 0 && items.every((i) => i.state === state) ? items : null;
    },
    `every item to be ${state}`,
    timeoutMs,
  );
}

/** counts of each text among the sandbox's messages */
export function countTexts(messages: { text?: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m.text ?? '', (counts.get(m.text ?? '') ?? 0) + 1);
  return counts;
}

export { PROFILE_ID };
