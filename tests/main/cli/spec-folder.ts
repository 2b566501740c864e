// Where the import-spec tests start: a data folder whose keychain service is never used (reading a
// document stores no key), with one profile added and in use through crm; and, for a document
// the test writes, that document saved in a folder of its own.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { tempDir } from '../helpers/index';
import type { CliRun } from './cli-harness';
import { inProcessRunner } from './sandbox-folder';

/** the folder's CRM_DATA_DIR (crm-<label>-...) and CRM_KEYCHAIN_SERVICE, the profile added with --use */
export async function openProfileFolder(
  label: string,
  profile: { name: string; url: string },
  runner: (argv: string[], env: Record<string, string>) => Promise<CliRun> = inProcessRunner,
): Promise<Record<string, string>> {
  const env = { CRM_DATA_DIR: await tempDir(`crm-${label}-`), CRM_KEYCHAIN_SERVICE: `crm-${label}-unused` };
  const added = await runner(['profiles', 'add', '--name', profile.name, '--url', profile.url, '--use'], env);
  expect(added.code, added.stderr).toBe(0);
  return env;
}

/** openProfileFolder, and `document.text` saved as `document.name` in a folder of its own (crm-<label>-doc-...): its path */
export async function openSpecFolder(
  label: string,
  profile: { name: string; url: string },
  document: { name: string; text: string },
  runner?: (argv: string[], env: Record<string, string>) => Promise<CliRun>,
): Promise<{ env: Record<string, string>; spec: string }> {
  const env = await openProfileFolder(label, profile, runner);
  const spec = join(await tempDir(`crm-${label}-doc-`), document.name);
  await writeFile(spec, document.text);
  return { env, spec };
}
