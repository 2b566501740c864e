// Answers that say a service has no listing at the address asked (contacts, templates): 404/405,
// and the 400 some services give any path they do not serve (Meta's "Unsupported get request").
// A caller falls back (the app's own record, typed names) instead of showing an error.
import { CrmError } from '../errors';

const NO_LISTING = new Set([400, 404, 405]);

export function isNoListing(err: unknown): err is CrmError & { status: number } {
  return err instanceof CrmError && err.status !== undefined && NO_LISTING.has(err.status);
}
