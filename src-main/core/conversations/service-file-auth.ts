// A file a contact sent whose address is on the service's own origin takes the key the way the
// service's sends do (Twilio keeps MediaUrl0 under its API and asks for the same Basic
// credential); an address anywhere else is fetched without it, as docs/ARCHITECTURE.md's rule 1
// says: the key goes only to the origin it was saved for. A key placed in the query string is
// never added to a file's address.
import { BEARER, placeCredential } from '../http/credential';
import { originOf } from '../keys/key-origin';
import type { Profile } from '../model';
import { operationSpec } from '../request/operation-spec';
import type { KeyAccess } from '../services';

export interface ServiceAuth {
  origin: string;
  header: { name: string; value: string };
}

function addressOrigin(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** runs `fetch` with the key's header for the service's own origin when `address` is there, else without */
export async function withServiceAuth<T>(
  keyAccess: Pick<KeyAccess, 'withKey'> | undefined,
  profile: Profile,
  address: string,
  fetch: (auth: ServiceAuth | undefined) => Promise<T>,
): Promise<T> {
  const origin = originOf(profile.baseUrl);
  const credential = operationSpec(profile, 'messages.text').credential ?? BEARER;
  if (keyAccess === undefined || origin === null || addressOrigin(address) !== origin || credential.in === 'query') return fetch(undefined);
  return keyAccess.withKey(profile.id, null, (key) => fetch({ origin, header: placeCredential(credential, key).header! }), { origin });
}
