// What every crash test of the outbox checks once the last process has synced: each message
// reached the service exactly once and in order per recipient, each revoked key is gone and
// refused, and the outbox (read by an instance that does not sync) shows everything sent.
import { join } from 'node:path';
import { expect } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client';
import { createOutbox } from '../../../../src-main/core/outbox/index';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import type { ChildPlan } from '../../../fixtures/outbox-child';
import { TestKeys, keyStatus, sandboxMessages, serverKeyIds } from './doubles';

export interface CrashRunPlan {
  /** the messages queued across every process, in the order they were queued */
  expected: ChildPlan['messages'];
  /** every recipient (each one's messages must arrive in queue order) */
  numbers: readonly string[];
  revoked: readonly { id: string; key: string }[];
  /** the folder whose data/ the processes shared */
  work: string;
}

export async function expectCrashEndState(sb: RunningSandbox, plan: CrashRunPlan): Promise<void> {
  const { expected, numbers, revoked, work } = plan;
  // every message exactly once
  const messages = await sandboxMessages(sb.baseUrl, sb.adminKey);
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m.text ?? '', (counts.get(m.text ?? '') ?? 0) + 1);
  const missing = expected.filter((m) => !counts.has(m.text)).map((m) => m.text);
  const twice = [...counts].filter(([, n]) => n > 1).map(([t]) => t);
  expect(missing).toEqual([]);
  expect(twice).toEqual([]);
  expect(messages).toHaveLength(expected.length);
  // and in order per recipient
  for (const number of numbers) {
    const sent = messages.filter((m) => m.number === number).map((m) => m.text);
    expect(sent).toEqual(expected.filter((m) => m.number === number).map((m) => m.text));
  }

  // every revoked key is gone and dead
  const left = await serverKeyIds(sb.baseUrl, sb.adminKey);
  for (const key of revoked) {
    expect(left).not.toContain(key.id);
    expect(await keyStatus(sb.baseUrl, key.key)).toBe(401);
  }

  // the outbox (read by another instance that does not sync) shows everything sent
  const viewKeys = new TestKeys(sb.baseUrl);
  viewKeys.hold();
  const sender = createApiClient();
  const view = await createOutbox({
    dir: join(work, 'data'),
    sender,
    getProfile: viewKeys.getProfile,
    keyAccess: viewKeys,
    revocationKeys: viewKeys.revocationKeys,
  });
  // the checks that revoked keys are refused are the outbox's own follow-up, not what was queued
  const items = (await view.list()).filter((i) => i.kind !== 'keys.prove');
  await view.close();
  await sender.close();
  expect(items).toHaveLength(expected.length + revoked.length);
  expect(items.filter((i) => i.state !== 'sent')).toEqual([]);
}
