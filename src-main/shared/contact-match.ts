// Whether a contact holds a search term anywhere this app shows it (name, number, e-mail, tags),
// case and accents aside: the window's and the command line's own search of contacts they already
// have, for a service that cannot search, and the check that a service's search did search. Pure.
import type { Contact } from './model';

/** lower case without accents: `José` is found by `jose`, as services commonly search */
export function foldedText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** A number written with separators is matched by its digits, as numbers are stored. */
function termOf(search: string): string {
  const trimmed = search.trim();
  if (!/^[+(]?[\d\s().\-/+]+$/.test(trimmed)) return foldedText(trimmed);
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 3 ? digits : foldedText(trimmed);
}

export function contactHolds(contact: Contact, search: string): boolean {
  const term = termOf(search);
  if (term === '') return true;
  return [contact.name, contact.number, contact.email ?? '', ...contact.tags].some((field) => foldedText(field).includes(term));
}

/** The contacts among `items` that hold the search. */
export function matchingContacts<T extends Contact>(items: readonly T[], search: string): T[] {
  return items.filter((contact) => contactHolds(contact, search));
}
