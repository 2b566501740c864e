// Which origin (scheme://host:port) a saved key belongs to, and whether its profile still points
// there. A key is only ever sent to the origin it was saved for (docs/ARCHITECTURE.md, rule 1):
// a profile moved elsewhere leaves its keys "held back" until the person approves the move
// through main (a native dialog, a CLI prompt or flag). Pure.
import type { Profile, SavedKey } from '../model';

/** the origin of a base URL, or null when it is not a URL */
export function originOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/**
 * true when the key may be sent to where the profile points now. A key saved before keys were
 * bound (no origin) is bound on its first use, to the profile's origin then.
 */
export function keyFitsProfile(key: Pick<SavedKey, 'origin'>, profile: Pick<Profile, 'baseUrl'>): boolean {
  return key.origin === undefined || key.origin === null || key.origin === originOf(profile.baseUrl);
}

/** what the window and the CLI show about a key's origin (computed on read, never stored) */
export function withOriginState<K extends SavedKey>(key: K, profile: Pick<Profile, 'baseUrl'> | undefined): K & { heldBack: boolean } {
  const heldBack = profile !== undefined && !keyFitsProfile(key, profile);
  return { ...key, heldBack };
}

export function heldBackMessage(key: Pick<SavedKey, 'name' | 'origin'>, profile: Pick<Profile, 'baseUrl' | 'name'>): string {
  return (
    `The key "${key.name}" was saved for ${key.origin ?? 'another address'}, but the profile "${profile.name}" now points at ` +
    `${originOf(profile.baseUrl) ?? profile.baseUrl}: it is not sent there until you approve it (in the app: save the profile ` +
    `again; on the command line: crm profiles edit NAME --move-keys).`
  );
}
