// A data folder's profile on a sandbox, set up and cleaned up through a real crm, as the tests
// that teach or use a vendor's routes need it: the profile and its key added first; at the end
// the keys forgotten in the keychain, no run's output holding a secret, and the sandboxes closed.
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../../src-main/sandbox/index';
import { closeSandboxes, openSandbox, tempDir } from '../helpers/index';
import { forgetListedKeys, runInProcess, transcript, type CliRun } from './cli-harness';

export interface ProfileToAdd {
  name: string;
  url: string;
  /** `--use`: the profile later commands use without naming it */
  use?: boolean;
}

/** Adds the profile, then the key typed on stdin under `keyName`; each command must succeed. */
export async function addProfileAndKey(env: Record<string, string>, profile: ProfileToAdd, keyName: string, key: string): Promise<void> {
  await addProfileAndKeyWith((argv, input) => runInProcess(argv, { env, input }), profile, keyName, key);
}

/** addProfileAndKey through the suite's own way of running crm (e.g. as a real process). */
export async function addProfileAndKeyWith(
  crm: (argv: string[], input?: string) => Promise<CliRun>,
  profile: ProfileToAdd,
  keyName: string,
  key: string,
): Promise<void> {
  const argv = ['profiles', 'add', '--name', profile.name, '--url', profile.url, ...(profile.use ? ['--use'] : [])];
  expect((await crm(argv)).code).toBe(0);
  const added = await crm(['keys', 'add', '--name', keyName], `${key}\n`);
  expect(added.code, added.stderr).toBe(0);
}

/** The keychain entries of the folder's keys deleted (see forgetListedKeys). */
export async function forgetKeys(
  env: Record<string, string>,
  store: { delete(account: string): Promise<unknown> },
  accountsOf?: (id: string) => string[],
): Promise<void> {
  await forgetListedKeys(() => runInProcess(['keys', 'list', '--json'], { env }), store, accountsOf);
}

/** No run of crm in this file printed the first 12 characters of any of the secrets. */
export function expectNoSecretPrinted(secrets: string[]): void {
  for (const run of transcript) for (const secret of secrets) expect(`${run.stdout}${run.stderr}`).not.toContain(secret.slice(0, 12));
}

/** A sandbox test's clean-up: keys forgotten, no secret printed, the sandboxes closed. */
export async function forgetKeysAndCloseSandboxes(
  env: Record<string, string>,
  store: { delete(account: string): Promise<unknown> },
  secrets: string[],
): Promise<void> {
  await forgetKeys(env, store);
  expectNoSecretPrinted(secrets);
  await closeSandboxes();
}

/** crm in env-var mode on the sandbox: its address and admin key from the environment, the keychain service never used */
export function envModeOn(sandbox: RunningSandbox, dataDir: string, unusedService: string): Record<string, string> {
  return { CRM_DATA_DIR: dataDir, CRM_API_KEY: sandbox.adminKey, CRM_BASE_URL: sandbox.baseUrl, CRM_KEYCHAIN_SERVICE: unusedService };
}

/**
 * A sandbox (`options`) and crm's env-var mode on it: `dir` a fresh folder for the test's files,
 * the data folder inside it (dir/data); closeSandboxes() closes the sandbox.
 */
export async function openEnvModeSandbox(
  label: string,
  options: SandboxOptions = {},
): Promise<{ sandbox: RunningSandbox; env: Record<string, string>; dir: string }> {
  const sandbox = await openSandbox(options);
  const dir = await tempDir(`crm-${label}-`);
  return { sandbox, env: envModeOn(sandbox, join(dir, 'data'), `crm-${label}-unused`), dir };
}
