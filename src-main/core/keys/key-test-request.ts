// The one harmless request a key is tried with: the service's own "check key" request when the
// profile describes one, else one contact. The key test and the proof that a revoked key is
// refused both send exactly this, so "refused" means what a failed key test means.
import { CrmError } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import type { Profile } from '../model';
import { buildRequest } from '../request-builder';
import { isOffered } from '../request/operation-spec';

export function keyTestRequest(profile: Profile): Promise<PreparedRequest> {
  if (isOffered(profile, 'keys.check')) return buildRequest({ op: 'keys.check', input: {} }, profile);
  if (isOffered(profile, 'contacts.list')) return buildRequest({ op: 'contacts.list', input: { perPage: 1 } }, profile);
  return Promise.reject(
    new CrmError(
      'validation',
      'This key could not be checked: this service has no contacts listing and this profile has no Check key request (import one in Profiles → API, e.g. the service\'s "get my account" cURL). Send a message to see whether the key works; the service manages its keys in its own console.',
    ),
  );
}
