// What the spec importers (OpenAPI 3, Postman collections) hand on: the operations a document
// offers, and for one of them the request a playground would show, ready for proposeOperation.
import type { ParsedCurl } from '../curl/curl-parse';
import type { VisitBudget } from './spec-budget';
import type { CredentialPlacement, DescribedOperation, Proposal, RoleFixes } from '../types';

export type SpecKind = 'openapi' | 'postman';

/** One operation of the document, as the person picks it: `POST /{Phone-Number-ID}/messages`. */
export interface SpecCandidate {
  id: string;
  method: string;
  /** as the document writes it, with its {parameters} */
  path: string;
  summary: string;
  /** the base URLs the document names for it (variables filled with their defaults) */
  servers: string[];
}

export interface SpecOptions {
  /** the operation being taught: picks the fitting variant among a oneOf or named examples */
  operation?: DescribedOperation;
  /** where the document came from, for a relative server URL */
  sourceUrl?: string;
  /** the profile's base URL: used when the document names no absolute server */
  profileBaseUrl?: string;
  /** values for path parameters, server variables and collection variables */
  vars?: Record<string, string>;
  /** the HTTP Basic user name (an account id); the document never holds one */
  user?: string;
  /** the walk's budget when several examples are read as one walk (a whole document's survey); else each has its own */
  budget?: VisitBudget;
  /** optional fields (paths or names) kept as the document's example has them: the rest of its samples are left out */
  keep?: readonly string[];
  /** the document's named example to read (`--example NAME`), instead of the one that fits the operation */
  example?: string;
}

/**
 * Where the document's security scheme puts the key. Only the placement: the importers write a
 * placeholder where the key goes, and no value the document gives is ever kept.
 */
export interface SpecCredential {
  /** undefined: Authorization: Bearer, the app's default */
  placement: CredentialPlacement | undefined;
  /** the header or query parameter that carries it in the example, so it is not read as a field */
  header: string | null;
  query: string | null;
  /** the scheme's name in the document, for the note */
  scheme: string;
}

export interface SpecRequest {
  /** the example request without the key (what proposeOperation reads) */
  request: ParsedCurl;
  credential: SpecCredential | null;
  /** why nothing can be proposed for it (a multipart body), or null */
  unsupported: string | null;
  /** path segments that name the account (not the recipient): never guessed to be the number */
  accountValues?: readonly string[];
}

export type SpecProposal =
  { candidate: SpecCandidate; proposal: Proposal; unsupported: null } | { candidate: SpecCandidate; proposal: null; unsupported: string };

export interface SpecProposeOptions extends SpecOptions {
  fixes?: RoleFixes;
}

/** The placeholder written where the key goes in an example: never a value from the document. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';
