// A describe block's data folder with one profile on a fresh sandbox, its key the sandbox's admin
// key, made through crm as a person would before the first test; after the last, no run of crm in
// the file printed any part of that key, the folder's keys are forgotten in the keychain and the
// sandboxes are closed.
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningSandbox, SandboxDialect, SandboxOptions } from '../../../src-main/sandbox/index';
import { closeSandboxes, findSecrets, openSandbox, tempDir } from '../helpers/index';
import { forgetListedKeys, runInProcess, spawnCli, transcript, type CliRun } from './cli-harness';
import { addProfileAndKeyWith, type ProfileToAdd } from './sandbox-profile';

/** crm on the folder: `input` (when given) typed on stdin */
export type FolderCrm = (argv: string[], input?: string) => Promise<CliRun>;

export interface SandboxFolderPlan {
  /** names the data folder (crm-<label>-...) */
  label: string;
  keychain: { service: string; store: { delete(account: string): Promise<unknown> } };
  sandbox?: SandboxOptions;
  profile: Omit<ProfileToAdd, 'url'>;
  keyName: string;
  /** how the file runs crm on a folder's environment; by default in this process */
  runner?: (argv: string[], env: Record<string, string>, input?: string) => Promise<CliRun>;
  /** the keychain entries of a key deleted at the end; by default the key's own entry */
  accountsOf?: (id: string) => string[];
}

export interface SandboxFolder {
  readonly sandbox: RunningSandbox;
  /** CRM_DATA_DIR and CRM_KEYCHAIN_SERVICE of the folder */
  readonly env: Record<string, string>;
  readonly crm: FolderCrm;
}

/** crm in this process */
export const inProcessRunner = (argv: string[], env: Record<string, string>, input?: string): Promise<CliRun> =>
  runInProcess(argv, { env, ...(input === undefined ? {} : { input }) });

/** crm as a real child process */
export const spawnedRunner = (argv: string[], env: Record<string, string>, input?: string): Promise<CliRun> =>
  spawnCli(argv, { env, ...(input === undefined ? {} : { input }) });

/** For the calling describe block: the folder, opened before its first test and closed after its last (read it inside the tests). */
export function sandboxFolderForSuite(plan: SandboxFolderPlan): SandboxFolder {
  const runner = plan.runner ?? inProcessRunner;
  const opened = {} as { sandbox: RunningSandbox; env: Record<string, string> };
  const crm: FolderCrm = (argv, input) => runner(argv, opened.env, input);
  beforeAll(async () => {
    opened.sandbox = await openSandbox(plan.sandbox);
    opened.env = { CRM_DATA_DIR: await tempDir(`crm-${plan.label}-`), CRM_KEYCHAIN_SERVICE: plan.keychain.service };
    const { baseUrl, adminKey } = opened.sandbox;
    await addProfileAndKeyWith(crm, { ...plan.profile, url: baseUrl }, plan.keyName, adminKey);
  });
  afterAll(async () => {
    expect(findSecrets(transcript, [opened.sandbox.adminKey])).toEqual([]);
    await forgetListedKeys(() => crm(['keys', 'list', '--json']), plan.keychain.store, plan.accountsOf);
    await closeSandboxes();
  });
  return {
    get sandbox() {
      return opened.sandbox;
    },
    get env() {
      return opened.env;
    },
    crm,
  };
}

/**
 * sandboxFolderForSuite on a vendor's dialect, as the template tests use it: the sandbox unthrottled
 * (`sandbox` adds options), the profile named after the dialect and in use, its key "token".
 */
export function vendorFolderForSuite(
  label: string,
  keychain: SandboxFolderPlan['keychain'],
  dialect: SandboxDialect,
  sandbox: SandboxOptions = {},
): SandboxFolder {
  const unthrottled = { dialect, rate: 1000, burst: 1000, ...sandbox };
  return sandboxFolderForSuite({ label, keychain, sandbox: unthrottled, profile: { name: dialect, use: true }, keyName: 'token' });
}
