// A core with one profile taught a sandbox dialect only by its playground cURLs, and the checks
// every such test ends with: no key value in what the test saw, nor in any file of the data folder.
import { afterAll, beforeAll, expect } from 'vitest';
import type { CoreOptions } from '../../../src-main/core/create-core';
import type { RunningSandbox, SandboxDialect } from '../../../src-main/sandbox/index';
import { addSandboxProfile, openTestCore, type TestCore } from './core';
import { teachPlayground } from './playground';
import { closeSandboxes, openSandbox } from './sandbox';
import { filesContainingSecrets, findSecrets } from './secret-scan';

export interface TaughtService {
  sandbox: RunningSandbox;
  t: TestCore;
  profileId: string;
}

/** `core`: options of the test core (e.g. no outbox), when not the defaults */
export interface TaughtServiceOptions {
  contacts?: number;
  keyName: string;
  core?: Partial<CoreOptions>;
}

export async function openTaughtService(dialect: SandboxDialect, options: TaughtServiceOptions): Promise<TaughtService> {
  const sandbox = await openSandbox({
    dialect,
    rate: 1000,
    burst: 1000,
    ...(options.contacts === undefined ? {} : { contacts: options.contacts }),
  });
  const t = await openTestCore(dialect, options.core);
  const { profileId } = await addSandboxProfile(t.core, sandbox, dialect, options.keyName);
  await teachPlayground(t.core, profileId, dialect, sandbox.baseUrl);
  return { sandbox, t, profileId };
}

export async function closeTaughtService(service: TaughtService, seen: unknown[]): Promise<void> {
  expect(findSecrets(seen, [service.sandbox.adminKey])).toEqual([]);
  expect(await filesContainingSecrets(service.t.dataDir, [service.sandbox.adminKey])).toEqual([]);
  await service.t.cleanup();
  await closeSandboxes();
}

/**
 * A describe block's taught service: opened before its tests (handed to `onOpen`, which keeps it
 * in the block's variables) and closed after them with the checks over what the tests `seen`.
 */
export function taughtServiceAround(
  dialect: SandboxDialect,
  options: TaughtServiceOptions,
  seen: unknown[],
  onOpen: (service: TaughtService) => void,
): void {
  let service: TaughtService;
  beforeAll(async () => {
    service = await openTaughtService(dialect, options);
    onOpen(service);
  });
  afterAll(() => closeTaughtService(service, seen));
}
