// The test cores a file opens, cleaned up after each test with the sandboxes it started: call at
// the top of a test file, push each core opened into the list it returns.
import { afterEach } from 'vitest';
import type { TestCore } from './core';
import { closeSandboxes } from './sandbox';

export function coresCleanedAfterEach(): TestCore[] {
  const opened: TestCore[] = [];
  afterEach(async () => {
    for (const t of opened.splice(0)) await t.cleanup();
    await closeSandboxes();
  });
  return opened;
}

/** Closes what a test opened, in order (a test core by its clean-up), then every sandbox. */
export async function closeOpened(...opened: ({ close(): Promise<unknown> } | TestCore | null | undefined)[]): Promise<void> {
  for (const thing of opened) {
    if (!thing) continue;
    if ('cleanup' in thing) await thing.cleanup();
    else await thing.close();
  }
  await closeSandboxes();
}
