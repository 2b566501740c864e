// The one harmless request a key is tried with: the service's own "check key" request when the
// profile describes one, else one contact. The key test and the proof that a revoked key is
// refused both send exactly this, so "refused" means what a failed key test means.
import { DEFAULT_OPERATIONS } from '../api/defaults';
import { CrmError } from '../errors';
import type { PreparedRequest } from '../http/prepared-request';
import type { Profile } from '../model';
import { buildRequest } from '../request/request-builder';
import { isOffered } from '../request/operation-spec';
import { accountPathOf } from './key-check-hint';

export function keyTestRequest(profile: Profile): Promise<PreparedRequest> {
  if (isOffered(profile, 'keys.check')) return buildRequest({ op: 'keys.check', input: {} }, profile);
  const listing = isOffered(profile, 'contacts.list') && !contactsGuessed(profile);
  if (listing) return buildRequest({ op: 'contacts.list', input: { perPage: 1 } }, profile);
  return Promise.reject(new CrmError('validation', cannotCheck(profile)));
}

/** docs/API.md's routes all live under this prefix (`/api/v1/`): the real service's documented listing is there too. */
const DOCUMENTED_PREFIX = DEFAULT_OPERATIONS['contacts.list'].path.split('/').slice(0, 3).join('/') + '/';

/**
 * A service that sends in its own shape (its Send Text was learned at a path outside docs/API.md's
 * routes) but whose contacts listing was never learned: docs/API.md's listing would be a route the
 * app guessed, and its 404 would blame the profile's base URL for it.
 */
function contactsGuessed(profile: Profile): boolean {
  const operations = profile.api?.operations;
  const sendPath = operations?.['messages.text']?.path;
  return operations?.['contacts.list'] === undefined && sendPath !== undefined && !sendPath.startsWith(DOCUMENTED_PREFIX);
}

/** Says plainly that nothing can be asked, and how a Check key request is learned (the account's GET when the send names one). */
function cannotCheck(profile: Profile): string {
  const sendPath = profile.api?.operations['messages.text']?.path;
  const account = sendPath === undefined ? null : accountPathOf(sendPath);
  const suggestion =
    account === null ? 'e.g. the service\'s "get my account" cURL' : `e.g. this service's account or phone-number request, GET ${account}`;
  return (
    'This key could not be checked: this service has no contacts listing and this profile has no Check key request ' +
    `(learn one in Profiles → API or with crm profiles import-curl --operation check, ${suggestion}). ` +
    'Send a message to see whether the key works; the service manages its keys in its own console.'
  );
}
