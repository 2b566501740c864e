// First launch and the built-in sandbox: with no profile at all, start the sandbox and create
// a "Sandbox" profile whose admin key goes straight into the keychain, so a new user can click
// through everything at once. On later launches the sandbox profile gets its server back
// (same data file, same port when free) and keeps using the admin key it has: the sandbox
// makes a new one only if its data no longer has that key, and then it is saved the same way.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CrmError } from '../core/errors';
import type { Permission } from '../core/model';
import type { KeyService, ProfileService } from '../core/services';
import { PERMISSIONS } from '../shared/permissions';

export interface SandboxHandle {
  baseUrl: string;
  close(): Promise<void>;
  /** a new key made by the running server itself (the built-in sandbox has this) */
  createKey?(name: string, permissions: Permission[]): { id: string; key: string };
  /** where the running server posts its webhooks (the built-in sandbox has this) */
  configureEvents?(options: { webhookUrl?: string | null }): void;
}

interface SandboxOptions {
  port?: number;
  contacts?: number;
  dataFile?: string;
}

export type StartSandbox = (options: SandboxOptions) => Promise<SandboxHandle & { adminKey: string; adminKeyId: string }>;
/** adminKey/adminKeyId are set only when a new admin key had to be made (see sandbox resumeSandbox) */
export type ResumeSandbox = (
  options: SandboxOptions & { keepKeyId: string | null },
) => Promise<SandboxHandle & { adminKey: string | null; adminKeyId: string | null }>;

export interface BootstrapResult {
  firstRunNotice: string | null;
  sandbox: SandboxHandle | null;
  /** set when the sandbox could not be set up; the app runs on without it */
  problem?: string;
}

export const SANDBOX_CONTACTS = 100_000;

const ADMIN_KEY_NAME = 'Sandbox admin';
const ALL_PERMISSIONS: Permission[] = [...PERMISSIONS];

export interface BootstrapDeps {
  dataDir: string;
  profiles: ProfileService;
  keys: Pick<KeyService, 'addKey' | 'list' | 'replaceValue'>;
  startSandbox: StartSandbox;
  resumeSandbox: ResumeSandbox;
}

const dataFileIn = (dataDir: string): string => join(dataDir, 'sandbox-data.json');

/**
 * Starts the sandbox (from its data file when there is one: its keys, messages and replays are
 * kept) with a new admin key, and makes the "Sandbox" profile for it with that key, active.
 */
async function setUpSandboxProfile(
  deps: BootstrapDeps,
  port: number,
  firstRun: boolean,
): Promise<{ sandbox: SandboxHandle } | { problem: string }> {
  const dataFile = dataFileIn(deps.dataDir);
  const sandbox = await deps.startSandbox({ port, contacts: SANDBOX_CONTACTS, dataFile });
  const created = await addSandboxProfile(deps, sandbox, sandbox.adminKey, sandbox.adminKeyId);
  if ('problem' in created) {
    await sandbox.close();
    // a first run leaves nothing behind; a restore keeps the sandbox's earlier data
    if (firstRun) await rm(dataFile, { force: true });
    return created;
  }
  return { sandbox };
}

/** the "Sandbox" profile for a running sandbox, its admin key in the keychain, made active */
async function addSandboxProfile(
  deps: BootstrapDeps,
  sandbox: SandboxHandle,
  adminKey: string,
  adminKeyId: string,
): Promise<{ ok: true } | { problem: string }> {
  const { profiles: profileService, keys } = deps;
  const profile = await profileService.create({ name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true });
  try {
    await keys.addKey({
      profileId: profile.id,
      name: ADMIN_KEY_NAME,
      value: adminKey,
      permissions: ALL_PERMISSIONS,
      serverKeyId: adminKeyId,
    });
  } catch (err) {
    if (!(err instanceof CrmError) || err.code !== 'keychain_unavailable') throw err;
    // No keychain (no Secret Service, or it is locked): a profile without its key would be
    // left behind. Undo it and say why; the next launch (or a retry) tries again.
    await profileService.remove(profile.id);
    return { problem: `The built-in sandbox was not set up: ${err.message}` };
  }
  await profileService.activate(profile.id);
  return { ok: true };
}

/**
 * "Reset sandbox": the Sandbox profile was deleted (its key went with it); make it again, on the
 * same data (a server already running for it is restarted with a new admin key).
 */
export async function restoreSandbox(
  deps: BootstrapDeps & { running: SandboxHandle | null },
): Promise<{ sandbox: SandboxHandle; notice: string }> {
  const { profiles } = await deps.profiles.list();
  if (profiles.some((p) => p.sandbox)) throw new CrmError('conflict', 'The Sandbox profile is already there: choose it under Profiles.');
  const running = deps.running;
  let sandbox: SandboxHandle;
  if (running?.createKey) {
    // the server is still up, with its data: it only needs a new admin key for the new profile
    const admin = running.createKey(ADMIN_KEY_NAME, ALL_PERMISSIONS);
    const created = await addSandboxProfile(deps, running, admin.key, admin.id);
    if ('problem' in created) throw new CrmError('keychain_unavailable', created.problem);
    sandbox = running;
  } else {
    await running?.close();
    const setUp = await setUpSandboxProfile(deps, 0, false);
    if ('problem' in setUp) throw new CrmError('keychain_unavailable', setUp.problem);
    sandbox = setUp.sandbox;
  }
  return {
    sandbox,
    notice: `The Sandbox profile was made again, at ${sandbox.baseUrl}, with a new admin key in your OS keychain. It is the active profile now.`,
  };
}

export async function bootstrap(deps: BootstrapDeps): Promise<BootstrapResult> {
  const { profiles: profileService, keys, resumeSandbox } = deps;
  const dataFile = dataFileIn(deps.dataDir);
  const { profiles } = await profileService.list();

  if (profiles.length === 0) {
    const setUp = await setUpSandboxProfile(deps, 0, true);
    if ('problem' in setUp) return { sandbox: null, firstRunNotice: null, problem: setUp.problem };
    return {
      sandbox: setUp.sandbox,
      firstRunNotice:
        `No profile was set up yet, so the built-in sandbox CRM was started at ${setUp.sandbox.baseUrl} with ` +
        `${SANDBOX_CONTACTS.toLocaleString('en-US')} sample contacts, and a "Sandbox" profile was created. ` +
        'Its admin key is stored in your OS keychain. Add a profile for your real service under Profiles.',
    };
  }

  const sandboxProfile = profiles.find((p) => p.sandbox);
  if (!sandboxProfile) return { sandbox: null, firstRunNotice: null };
  // The key the profile uses, when the sandbox knows it by id (its admin key, or one created
  // through the API): kept as it is while the sandbox's data has it. With no such key nothing is
  // made: the person chose that state (or pasted a key the sandbox will simply check).
  const active = (await keys.list(sandboxProfile.id)).find((k) => k.id === sandboxProfile.activeKeyId && k.state === 'active');
  const keepKeyId = active?.serverKeyId ?? null;
  const previousPort = Number(new URL(sandboxProfile.baseUrl).port) || 0;
  let sandbox: Awaited<ReturnType<ResumeSandbox>>;
  try {
    sandbox = await resumeSandbox({ port: previousPort, contacts: SANDBOX_CONTACTS, dataFile, keepKeyId });
  } catch {
    // The old port is taken by something else: any free port will do; the profile follows it.
    sandbox = await resumeSandbox({ port: 0, contacts: SANDBOX_CONTACTS, dataFile, keepKeyId });
  }
  // The app's own sandbox moved to another port: its keys follow it (this is main choosing the
  // server it just started on this computer, not the window asking).
  if (sandbox.baseUrl !== sandboxProfile.baseUrl)
    await profileService.update(sandboxProfile.id, { baseUrl: sandbox.baseUrl }, { moveKeys: true });
  if (sandbox.adminKey === null) return { sandbox, firstRunNotice: null };

  // The sandbox's data no longer had the profile's key (the data file was removed or reset):
  // its new admin key replaces it, so the Sandbox profile keeps working. The admin key's own row
  // takes the new value (the old one works nowhere now): restarts never pile up admin rows.
  if (active?.name === ADMIN_KEY_NAME) {
    await keys.replaceValue(active.id, { value: sandbox.adminKey, serverKeyId: sandbox.adminKeyId });
  } else {
    const added = await keys.addKey({
      profileId: sandboxProfile.id,
      name: ADMIN_KEY_NAME,
      value: sandbox.adminKey,
      permissions: ALL_PERMISSIONS,
      serverKeyId: sandbox.adminKeyId,
    });
    await profileService.setActiveKey(sandboxProfile.id, added.id);
  }
  return {
    sandbox,
    firstRunNotice:
      'The built-in sandbox no longer had the key the Sandbox profile used (its data was reset), so a new admin key ' +
      'was created, stored in your OS keychain and made the active key.',
  };
}
