// The last server key list seen per profile, kept on disk so that, offline (even after a
// restart), an admin still sees the server's keys and can revoke one: the revocation is queued
// like any other. Ids, names and permissions only: not even the prefix the server shows (the
// first characters of a key are part of its value, and nothing of a value reaches the disk).
import { join } from 'node:path';
import type { ServerKey } from '../model';
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file';

interface CacheFile {
  profiles: Record<string, { at: string; keys: ServerKey[] }>;
}

const MAX_KEYS_PER_PROFILE = 1000;

export class ServerKeyCache {
  private readonly file: string;
  private loaded: Promise<CacheFile> | null = null;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'server-keys.json');
  }

  async get(profileId: string): Promise<{ at: string; keys: ServerKey[] } | null> {
    const entry = (await this.read()).profiles[profileId];
    return entry && Array.isArray(entry.keys) && typeof entry.at === 'string' ? entry : null;
  }

  async put(profileId: string, keys: ServerKey[], at: string): Promise<void> {
    const doc = await this.read();
    doc.profiles[profileId] = { at, keys: keys.slice(0, MAX_KEYS_PER_PROFILE).map(({ revocation: _shown, ...key }) => ({ ...key, prefix: '' })) };
    await writeJsonAtomic(this.file, doc);
  }

  private read(): Promise<CacheFile> {
    this.loaded ??= readJsonFile<CacheFile>(this.file, { profiles: {} }).then(({ value }) =>
      value && typeof value.profiles === 'object' && value.profiles !== null ? value : { profiles: {} },
    );
    return this.loaded;
  }
}
