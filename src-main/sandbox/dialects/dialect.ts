// What makes a dialect: its own contacts listing and send routes, where its key goes, its error
// body, its playground examples and the cURL style its playground writes them in. Everything
// else (keys, GET /api/v1/messages, limits, idempotency, faults, journal) is shared.
import type { CredentialPlacement } from '../auth';
import type { BodyEncoding } from '../body';
import type { ErrorFormat } from '../errors';
import type { Route } from '../router';
import type { SandboxDialect } from '../types';
import type { CurlStyle } from './curl-styles';

/** contacts, text, media and audio in every dialect so far; the rest only where the service has them */
export type PlaygroundTabId =
  'contacts' | 'text' | 'media' | 'audio' | 'check' | 'image' | 'upload' | 'template' | 'reply' | 'reaction' | 'download' | 'read';

/** One playground tab's request, before it is written as a cURL for a base URL. */
export interface ExampleRequest {
  id: PlaygroundTabId;
  method: 'GET' | 'POST';
  path: string;
  /** query parameters in the order shown */
  query?: readonly (readonly [name: string, value: string])[];
  body?: Record<string, unknown>;
  /** how the body is sent, default JSON; a form's values are strings */
  encoding?: BodyEncoding;
  /** a multipart/form-data body instead, as cURL's -F writes it (`file=@/path;type=...`) */
  multipart?: readonly (readonly [name: string, value: string])[];
}

export interface Dialect {
  name: SandboxDialect;
  /** the contacts listing and the send routes (and any other route of its own) */
  routes: readonly Route[];
  /** where those routes read the key; the shared docs/API.md routes keep Bearer */
  credentials: CredentialPlacement;
  errorFormat: ErrorFormat;
  /** one per tab, in the order contacts, text, media, audio; a vendor without an operation has no tab for it */
  examples: readonly ExampleRequest[];
  curlStyle: CurlStyle;
}
