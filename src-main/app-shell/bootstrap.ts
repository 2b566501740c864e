// First launch and the built-in sandbox: with no profile at all, start the sandbox and create
// a "Sandbox" profile whose admin key goes straight into the keychain, so a new user can click
// through everything at once. On later launches the sandbox profile gets its server back
// (same data file, same port when free).
import { join } from 'node:path';
import type { KeyService, ProfileService } from '../core/services';

export interface SandboxHandle {
  baseUrl: string;
  adminKey: string;
  close(): Promise<void>;
}

export type StartSandbox = (options: { port?: number; contacts?: number; dataFile?: string }) => Promise<SandboxHandle>;

export interface BootstrapResult {
  firstRunNotice: string | null;
  sandbox: SandboxHandle | null;
}

export const SANDBOX_CONTACTS = 100_000;

export async function bootstrap(deps: {
  dataDir: string;
  profiles: ProfileService;
  keys: Pick<KeyService, 'add'>;
  startSandbox: StartSandbox;
}): Promise<BootstrapResult> {
  const { profiles: profileService, keys, startSandbox } = deps;
  const dataFile = join(deps.dataDir, 'sandbox-data.json');
  const { profiles } = await profileService.list();

  if (profiles.length === 0) {
    const sandbox = await startSandbox({ port: 0, contacts: SANDBOX_CONTACTS, dataFile });
    const profile = await profileService.create({ name: 'Sandbox', baseUrl: sandbox.baseUrl, sandbox: true });
    await keys.add({ profileId: profile.id, name: 'Sandbox admin', value: sandbox.adminKey, permissions: ['contacts:read', 'messages:send', 'keys:manage'] });
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
  const previousPort = Number(new URL(sandboxProfile.baseUrl).port) || 0;
  let sandbox: SandboxHandle;
  try {
    sandbox = await startSandbox({ port: previousPort, contacts: SANDBOX_CONTACTS, dataFile });
  } catch {
    // The old port is taken by something else: any free port will do; the profile follows it.
    sandbox = await startSandbox({ port: 0, contacts: SANDBOX_CONTACTS, dataFile });
  }
  if (sandbox.baseUrl !== sandboxProfile.baseUrl) await profileService.update(sandboxProfile.id, { baseUrl: sandbox.baseUrl });
  return { sandbox, firstRunNotice: null };
}
