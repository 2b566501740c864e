// An API document (OpenAPI 3 or a Postman collection) as the window sees it while importing
// from it: its candidate operations and, per operation taught, what main proposed. The document
// itself stays in main behind a short-lived handle; only these views cross. Pure types.
import type { Proposal } from './api-description';

/** Where main reads the document from: a file the person picks in main's own dialog, or a URL. */
export type ApiDocumentSource = { kind: 'file' } | { kind: 'url'; url: string };

/** Values the document leaves open, which the person types: path/server/collection variables, the Basic user name. */
export interface ApiDocumentOpenValues {
  vars: string[];
  user: boolean;
  /** the names of the document's examples of the operation, when it gives several to choose from */
  examples?: string[];
}

/** One operation of the document, as the person picks it: `POST /{Phone-Number-ID}/messages`. */
export interface ApiDocumentCandidate {
  id: string;
  method: string;
  path: string;
  summary: string;
  /** what reading its example noticed, beyond the document's own notes */
  notes: string[];
  open: ApiDocumentOpenValues;
  /** why nothing can be proposed from it (a multipart body), or null */
  unsupported: string | null;
}

export interface ApiDocumentView {
  /** main's name for the loaded document; it forgets it after `expiresInMs` unused */
  handle: string;
  kind: 'openapi' | 'postman';
  title: string;
  candidates: ApiDocumentCandidate[];
  /** what every operation's example shares (where the key goes, the server used) */
  notes: string[];
  expiresInMs: number;
}

/** What one candidate taught about one operation; `problem` says why nothing was proposed. */
export interface ApiDocumentProposal {
  candidateId: string;
  proposal: Proposal | null;
  problem: string | null;
  open: ApiDocumentOpenValues;
}
