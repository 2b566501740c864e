// What an API document import works on: the document read once, and what the person adds to it.
// A leaf both the API editor and the open documents (spec-documents.ts) import.
import type { ApiSpec } from '../api/spec/spec-import';
import type { RoleFixes } from '../api/propose';

/** An API document read once, for listing its operations and proposing several of them. */
export interface LoadedSpec {
  spec: ApiSpec;
  /** where it was fetched from (a relative server URL is read against it); undefined for a file */
  url?: string;
}

/** What the person adds to a spec import: the values the document leaves open. */
export interface SpecImportOptions {
  fixes?: RoleFixes;
  /** path parameters, server variables, collection variables */
  vars?: Record<string, string>;
  /** the HTTP Basic user name (an account id) */
  user?: string;
  /** the document's named example to read instead of the one that fits the operation */
  example?: string;
}
