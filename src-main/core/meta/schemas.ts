// Shapes of profiles and saved keys, checked when they are read (from crm.db, or from the JSON files
// of earlier versions). Unknown fields are dropped, so nothing that is not in the domain types
// survives (nothing secret, and not the copies of revocation progress older keys.json files carried).
import { z } from 'zod';
import { KEY_TEST_OUTCOMES } from '../../shared/key-test-outcome';
import { ENDPOINT_IDS } from '../../shared/operation-ids';
import { PERMISSIONS } from '../../shared/permissions';
import { apiDescriptionSchema } from '../api/schema';
import type { Profile, SavedKey } from '../model';

const permission = z.enum(PERMISSIONS);
const outcome = z.enum(KEY_TEST_OUTCOMES);
const endpointId = z.enum(ENDPOINT_IDS);

export const profileSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  baseUrl: z.string(),
  endpointOverrides: z.partialRecord(endpointId, z.string()),
  // absent in files from before API descriptions; a damaged one falls back to docs/API.md
  api: apiDescriptionSchema.nullable().default(null).catch(null),
  activeKeyId: z.string().nullable(),
  sandbox: z.boolean(),
  allowInsecureHttp: z.boolean(),
  createdAt: z.string(),
  live: z.boolean().optional(),
});

export const savedKeySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  profileId: z.string(),
  fingerprint: z.string(),
  permissions: z.array(permission).nullable(),
  addedAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastStatus: outcome.nullable(),
  state: z.enum(['active', 'revoked']),
  serverKeyId: z.string().nullable(),
  revokedAt: z.string().nullable(),
  origin: z.string().nullable().optional(),
  proven: z.partialRecord(permission, z.boolean()).optional(),
  expiresAt: z.string().nullable().optional(),
});

export interface ProfilesDoc {
  version: 1;
  /** the terminal's choice (`crm profiles use`) */
  activeProfileId: string | null;
  /** the window's own choice (profiles/profile-choice.ts); absent or null: the terminal's */
  windowProfileId?: string | null;
  profiles: Profile[];
}

export interface KeysDoc {
  version: 1;
  keys: SavedKey[];
  /**
   * A tag of each active key's value, by key id, so the same value saved twice is noticed
   * without keeping values: an HMAC under a key held in the keychain, never here
   * (key-identity.ts). Kept beside the keys, never shown.
   */
  valueTags?: Record<string, string>;
  /** names the keychain's fingerprint key those tags were made with (not the key itself) */
  tagKeyCheck?: string;
}

const profilesDocSchema = z.object({
  version: z.literal(1),
  activeProfileId: z.string().nullable(),
  profiles: z.array(profileSchema),
});

const keysDocSchema = z.object({
  version: z.literal(1),
  keys: z.array(savedKeySchema),
  valueTags: z.record(z.string(), z.string()).optional(),
  tagKeyCheck: z.string().optional(),
});

export function parseProfilesDoc(raw: unknown): ProfilesDoc | null {
  const parsed = profilesDocSchema.safeParse(raw);
  return parsed.success ? (parsed.data as ProfilesDoc) : null;
}

export function parseKeysDoc(raw: unknown): KeysDoc | null {
  const parsed = keysDocSchema.safeParse(raw);
  return parsed.success ? (parsed.data as KeysDoc) : null;
}
