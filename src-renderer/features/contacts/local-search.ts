// A service that cannot search answers a search with its listing as it is (main says why in
// `searchUnsupported`): the window then searches the rows it got itself, and says plainly that it
// did, and over how many rows, instead of showing every contact as a match. Pure.
import type { Contact } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { matchingContacts } from '../../../src-main/shared/contact-match';

export interface LocalSearch {
  /** how many rows were searched here */
  loaded: number;
  /** why the service could not search */
  reason: string;
}

export function searchLoaded(items: readonly Contact[], query: string, reason: string): { items: Contact[]; local: LocalSearch } {
  return { items: matchingContacts(items, query), local: { loaded: items.length, reason } };
}

/** `100 loaded contacts` */
export function loadedRows(count: number): string {
  return `${formatCount(count)} loaded ${count === 1 ? 'contact' : 'contacts'}`;
}

export function localSearchSentence(local: LocalSearch): string {
  return `Searched the ${loadedRows(local.loaded)} here; this service cannot search (${local.reason}).`;
}
