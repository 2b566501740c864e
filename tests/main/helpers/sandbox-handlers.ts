// The window's handlers over a test core whose profile is on a fresh sandbox, its key the
// sandbox's admin key, as the IPC and core tests that send through a profile need them: for the calling describe
// block, opened before its first test and cleaned up after its last (the core's keychain entries
// deleted, the sandboxes closed). A file's own afterAll runs before this one, while the core is open.
import { afterAll, beforeAll } from 'vitest';
import type { Dispatch } from '../../../src-main/ipc/handlers';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/index';
import { addProfileWithKey, openTestCore, type TestCore } from './core';
import { testDispatch, type TestIpcOptions } from './ipc';
import { closeSandboxes, openSandbox } from './sandbox';

export interface SandboxHandlersPlan {
  /** names the core's data folder and keychain service */
  label: string;
  sandbox?: SandboxOptions;
  profile: { name: string; sandbox?: boolean };
  keyName: string;
  ipc?: TestIpcOptions;
  /** the core's options besides its label (e.g. { outbox: false }) */
  core?: Parameters<typeof openTestCore>[1];
}

export interface SandboxHandlers {
  readonly sandbox: RunningSandbox;
  readonly tc: TestCore;
  readonly dispatch: Dispatch;
  readonly profileId: string;
  /** the profile's key (the sandbox's admin key) */
  readonly keyId: string;
}

export function sandboxHandlersForSuite(plan: SandboxHandlersPlan): SandboxHandlers {
  const opened = {} as { -readonly [K in keyof SandboxHandlers]: SandboxHandlers[K] };
  beforeAll(async () => {
    opened.sandbox = await openSandbox(plan.sandbox);
    opened.tc = await openTestCore(plan.label, plan.core);
    const { baseUrl, adminKey } = opened.sandbox;
    Object.assign(opened, await addProfileWithKey(opened.tc.core, { ...plan.profile, baseUrl }, { name: plan.keyName, value: adminKey }));
    opened.dispatch = testDispatch(opened.tc.core, plan.ipc);
  });
  afterAll(async () => {
    await opened.tc?.cleanup();
    await closeSandboxes();
  });
  return opened;
}
