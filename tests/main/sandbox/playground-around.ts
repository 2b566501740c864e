// A dialect's sandbox and its playground tabs for a describe block, with a temporary folder the
// tabs' cURLs may write files to: opened before the block's tests, both gone after them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { PlaygroundTab, RunningSandbox, SandboxDialect, SandboxOptions } from '../../../src-main/sandbox/index';
import { playgroundOf, start } from './helpers';

export interface OpenedPlayground {
  sb: RunningSandbox;
  /** the dialect /playground.json says its tabs are for */
  dialect: string;
  tabs: PlaygroundTab[];
  dir: string;
}

export function playgroundAround(options: SandboxOptions & { dialect: SandboxDialect }, onOpen: (opened: OpenedPlayground) => void): void {
  let opened: OpenedPlayground | undefined;
  beforeAll(async () => {
    const sb = await start(options);
    const { dialect, tabs } = await playgroundOf(sb);
    opened = { sb, dialect, tabs, dir: await mkdtemp(join(tmpdir(), `crm-${options.dialect}-playground-`)) };
    onOpen(opened);
  });
  afterAll(async () => {
    await opened?.sb.close();
    if (opened) await rm(opened.dir, { recursive: true, force: true });
  });
}
