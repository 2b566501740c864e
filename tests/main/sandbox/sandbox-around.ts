// A sandbox for a describe block: started (as ./helpers' start does) before the block's tests,
// handed to `onOpen`, and closed after them.
import { afterAll, beforeAll } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/index';
import { start } from './helpers';

export function sandboxAround(options: SandboxOptions, onOpen: (sb: RunningSandbox) => void): void {
  let opened: RunningSandbox | undefined;
  beforeAll(async () => {
    opened = await start(options);
    onOpen(opened);
  });
  afterAll(() => opened?.close());
}
