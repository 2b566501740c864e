// Opens the core for one command. Two modes:
// - profile mode: the shared data dir and the OS keychain (the desktop app's state);
// - env-var mode (CRM_API_KEY set, for commands that call the API with "the" key): an ephemeral
//   core in a private temp dir (no outbox, its database in memory) whose only secret is the env
//   key, held in memory (EnvKeySecretStore). Nothing of it outlives the process; the shared data
//   dir is only read, for the profile's base URL when CRM_BASE_URL is not set.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../core/create-core';
import type { Core } from '../core/create-core';
import { originOf } from '../core/keys/key-origin';
import type { Profile } from '../core/model';
import { withoutFileOrigins } from '../core/conversations/file-origin-policy';
import { UsageError } from './args';
import { resolveProfile } from './profile-ref';
import { resolveDataDir } from '../core/storage/data-dir';
import { readProfilesOnly } from '../core/store/read-profiles';
import { EnvKeySecretStore } from './env-key-store';

export interface SessionOptions {
  /** --profile: a profile id or name */
  profileRef?: string;
  /** the command calls the API with the current key, so CRM_API_KEY applies to it */
  envKey?: boolean;
  /** the command needs the outbox (sync, outbox, revocations, send --queue) */
  outbox?: boolean;
}

export interface Session {
  core: Core;
  /** true when the key is CRM_API_KEY (ephemeral profile, nothing saved) */
  envMode: boolean;
  /** the profile the command works on: --profile, else the ephemeral env profile, else the active one */
  profile(): Promise<Profile>;
  close(): Promise<void>;
}

export const ENV_PROFILE_NAME = 'environment (CRM_API_KEY)';

export async function openSession(env: Record<string, string | undefined>, options: SessionOptions = {}): Promise<Session> {
  const envKey = env.CRM_API_KEY;
  if (options.envKey && env.CRM_BASE_URL && !envKey) {
    throw new UsageError(
      'CRM_BASE_URL is set but CRM_API_KEY is not: set both, or unset CRM_BASE_URL to use the profile and its saved key',
    );
  }
  if (options.envKey && envKey) {
    // Only READ the shared data dir, and only when the base URL must come from a profile.
    // CRM_BASE_URL wins over the profile's base URL; the profile (--profile, else the active one
    // when no CRM_BASE_URL is set) still gives its paths and API description.
    let template: Profile | null = null;
    if (!env.CRM_BASE_URL || options.profileRef !== undefined) {
      const dataDir = resolveDataDir(env);
      template = await resolveProfile({ profiles: { list: () => Promise.resolve(readProfilesOnly(dataDir)) } }, options.profileRef);
    }
    const baseUrl = env.CRM_BASE_URL || template!.baseUrl;
    return openEphemeral(envKey, baseUrl, template, env);
  }
  const core = await createCore({
    dataDir: resolveDataDir(env),
    keychainService: env.CRM_KEYCHAIN_SERVICE || undefined,
    // its requests join the shared request log, shown in the window as made by `crm`
    processKind: 'crm',
    // Opening the outbox starts sending what waits in it: only commands about the outbox do.
    ...(options.outbox ? {} : { outbox: false as const }),
    // most commands stage no file: the staging folder is prepared by the first one that does
    prepareFilesAtStart: false,
  });
  return { core, envMode: false, profile: () => resolveProfile(core, options.profileRef), close: () => core.close() };
}

async function openEphemeral(
  key: string,
  baseUrl: string,
  template: Profile | null,
  env: Record<string, string | undefined>,
): Promise<Session> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-env-'));
  const secrets = new EnvKeySecretStore();
  let core: Core | null = null;
  const close = async (): Promise<void> => {
    secrets.clear();
    try {
      if (core) await core.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  try {
    // nothing of this core outlives the process: its database stays in memory
    core = await createCore({
      dataDir: dir,
      database: 'memory',
      prepareFilesAtStart: false,
      secretStore: secrets,
      outbox: false,
      processKind: 'crm',
    });
    const insecureOk = template?.allowInsecureHttp === true || env.CRM_ALLOW_INSECURE_HTTP === '1';
    let profile = await core.profiles.create({ name: ENV_PROFILE_NAME, baseUrl, confirmInsecure: insecureOk });
    if (template && Object.keys(template.endpointOverrides).length > 0) {
      profile = await core.profiles.update(profile.id, { endpointOverrides: template.endpointOverrides });
    }
    // the origins the template lists for files were allowed for its own service, not for another
    if (template?.api)
      profile = await core.api.adopt(
        profile.id,
        originOf(template.baseUrl) === originOf(baseUrl) ? template.api : withoutFileOrigins(template.api),
      );
    const meta = await core.keys.addKey({ profileId: profile.id, name: 'CRM_API_KEY', value: key });
    await core.profiles.setActiveKey(profile.id, meta.id);
    const profileId = profile.id;
    const opened = core;
    return { core: opened, envMode: true, profile: () => opened.profiles.get(profileId), close };
  } catch (err) {
    await close();
    throw err;
  }
}
