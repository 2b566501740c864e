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

export interface SandboxHandle {
  baseUrl: string;
  close(): Promise<void>;
}

interface SandboxOptions {
  port?: number;
  contacts?: number;
  dataFile?: string;
}

export type StartSandbox = (options: SandboxOptions) => Promise<SandboxHandle & { adminKey: string; adminKeyId: string }>;
/** adminKey/adminKeyId are set only when a new admin key had to be made (see sandbox resumeSandbox) */
export type ResumeSandbox = (options: SandboxOptions & { keepKeyId: string | null }) => Promise<SandboxHandle & { adminKey: string | null; adminKeyId: string | null }>;

export interface BootstrapResult {
  firstRunNotice: string | null;
  sandbox: SandboxHandle | null;
  /** set when the sandbox could not be set up; the app runs on without it */
  problem?: string;
}

export const SANDBOX_CONTACTS = 100_000;

const ADMIN_KEY_NAME = 'Sandbox admin';
const ALL_PERMISSIONS: Permission[] = ['contacts:read', 'messages:send', 'keys:manage'];

export async function bootstrap(deps: {
  dataDir: string;
  profiles: ProfileService;
  keys: Pick<KeyService, 'add' | 'list'>;
  startSandbox: StartSandbox;
  resumeSandbox: ResumeSandbox;
}): Promise<BootstrapResult> {
  const { profiles: profileService, keys, startSandbox, resumeSandbox } = deps;
  const dataFile = join(deps.dataDir, 'sandbox-data.json');
  const { profiles } = await profileService.list();

  if (profiles.length === 0) {
    const sandbox = await startSandbox({ port: 0, contacts: SANDBOX_CONTACTS, dataFile });
    const profile = await profileService.create({ name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true });
    try {
      await keys.add({ profileId: profile.id, name: ADMIN_KEY_NAME, value: sandbox.adminKey, permissions: ALL_PERMISSIONS, serverKeyId: sandbox.adminKeyId });
    } catch (err) {
      if (!(err instanceof CrmError) || err.code !== 'keychain_unavailable') throw err;
      // No keychain (no Secret Service, or it is locked): a profile without its key and a server
      // nobody can use would be left behind. Undo both, say why; the next launch tries again.
      await profileService.remove(profile.id);
      await sandbox.close();
      await rm(dataFile, { force: true });
      return { sandbox: null, firstRunNotice: null, problem: `The built-in sandbox was not set up: ${err.message}` };
    }
    await profileService.activate(profile.id);
    return {
      sandbox,
      firstRunNotice:
        `No profile was set up yet, so the built-in sandbox CRM was started at ${sandbox.baseUrl} with ` +
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
  if (sandbox.baseUrl !== sandboxProfile.baseUrl) await profileService.update(sandboxProfile.id, { baseUrl: sandbox.baseUrl }, { moveKeys: true });
  if (sandbox.adminKey === null) return { sandbox, firstRunNotice: null };

  // The sandbox's data no longer had the profile's key (the data file was removed or reset):
  // its new admin key replaces it, so the Sandbox profile keeps working.
  const added = await keys.add({ profileId: sandboxProfile.id, name: ADMIN_KEY_NAME, value: sandbox.adminKey, permissions: ALL_PERMISSIONS, serverKeyId: sandbox.adminKeyId });
  await profileService.setActiveKey(sandboxProfile.id, added.id);
  return {
    sandbox,
    firstRunNotice:
      'The built-in sandbox no longer had the key the Sandbox profile used (its data was reset), so a new admin key ' +
      'was created, stored in your OS keychain and made the active key.',
  };
}
