// A profile's API description: how each operation is asked for and how its answer is read.
// The real service documents only the auth header and GET /api/v1/contacts; everything else
// is learned per profile (mostly from the service's own playground cURL), so meeting another
// service is a settings change. Pure types: the window's mapping editor reads them too.
import type { DescribedOperation } from './operation-ids';
import type { FieldDetail } from './field-detail';

export type { DescribedOperation } from './operation-ids';

/**
 * What a template leaf stands for. `media`/`audio` carry whatever the person chose (a URL or
 * the file's base64); the `_url`/`_base64` roles are for services with one field for each.
 */
export type Role =
  | 'number'
  | 'text'
  | 'caption'
  | 'media'
  | 'media_url'
  | 'media_base64'
  | 'file_name'
  | 'mimetype'
  | 'mediatype'
  | 'audio'
  | 'audio_url'
  | 'audio_base64'
  /** the id an upload answered (Meta's `{"image":{"id"}}`): a local file is uploaded first */
  | 'media_id'
  /** a template's approved name, its language code, and each body parameter in order */
  | 'template_name'
  | 'template_language'
  /** one slot that stands for every parameter: the list item holding it repeats once for each */
  | 'template_param'
  | 'page'
  | 'per_page'
  | 'offset'
  | 'cursor'
  | 'search'
  /** the id of the message a send quotes (Meta's `context.message_id`); absent when it quotes none */
  | 'quoted_id'
  /** the id of the message a reaction is put on, and its emoji (empty: the reaction is taken back) */
  | 'reaction_to'
  | 'emoji'
  /** the id of the contact's newest message a read receipt marks read (Meta's `message_id` beside `"status":"read"`) */
  | 'read_id'
  /** the service's id of a template an edit names (Meta's `POST /{template-id}`) */
  | 'template_id'
  /** a template submission's whole body as the console writes it: name, language, category and components */
  | 'template_draft';

/** A leaf filled at send time; prefix/suffix write the value as the service wants it (`+`, `@c.us`). */
export interface RoleRef {
  $role: Role;
  prefix?: string;
  suffix?: string;
  /**
   * How a list role is written in one field: `json-object-string` is the template's parameters as
   * the text of a JSON object keyed "1".."n" (Twilio's ContentVariables). Absent: the list item
   * holding the slot repeats once per value.
   */
  form?: RoleForm;
}

export type RoleForm = 'json-object-string';

/**
 * A number constant written exactly as the example wrote it: the text of a JSON number that a
 * JS number cannot hold digit for digit (`12345678901234567890`, `0.10000000000000000001`,
 * `1.0`). Numbers that survive JSON.parse and JSON.stringify unchanged stay plain numbers.
 */
export interface ExactNumber {
  $number: string;
}

/**
 * A constant object with a key that starts with `$` (`{"$role": "text"}` in an example), which
 * would otherwise read as a RoleRef or another leaf: its keys are taken as written, its values
 * are templates again. Descriptions saved before this escape existed have no such objects.
 */
export interface LiteralObject {
  $literal: { [name: string]: Template };
}

/** JSON whose leaves are constants (kept as given) or RoleRefs. */
export type Template = RoleRef | ExactNumber | LiteralObject | string | number | boolean | null | Template[] | { [name: string]: Template };

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where the profile's key goes on a request. The description keeps only the placement; the
 * value is read from the keychain at send time. Absent: `Authorization: Bearer <key>` (docs/API.md).
 * - header: `<name>: <scheme> <key>`, or the bare key when scheme is '' (`apikey`, `D360-API-KEY`)
 * - basic: HTTP Basic with the key as the password and a non-secret user name (an account id)
 * - query: `?<name>=<key>` (the request log and the cURL show the name, never the value);
 *   `at` is its place among the query's pairs as the example had it (absent: last)
 */
export type CredentialPlacement =
  { in: 'header'; name: string; scheme: string } | { in: 'basic'; username: string } | { in: 'query'; name: string; at?: number };

/**
 * How the body template is written on the wire. Absent: JSON. `form` is
 * application/x-www-form-urlencoded from a flat template (a list repeats its field);
 * `multipart` is multipart/form-data, where the file's role (media, audio) is a file part
 * streamed from disk and every other field a text part.
 */
export type BodyEncoding = 'json' | 'form' | 'multipart';

export interface QueryParam {
  name: string;
  value: string | RoleRef;
}

/** How a contacts page is read; null in a path means "detect it from common names". */
export interface ContactsResponseMap {
  /** where the list is: '' the body itself, 'data', 'result.items', ... */
  list: string | null;
  id: string | null;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  number: string | null;
  email: string | null;
  tags: string | null;
  /** a body path, or 'header:X-Total-Count' */
  total: string | null;
  /** where the next page's cursor is (cursor paging) */
  nextCursor: string | null;
  /** null: decided by the request's query roles (cursor, offset, page) and a Link header */
  paging: PagingStyle | null;
}

export type PagingStyle = 'page' | 'offset' | 'cursor' | 'link' | 'none';

/**
 * What a listing's own answers showed beyond its description (recorded by the app from an answer,
 * never learned from an example; a description saved anew is judged anew).
 */
export interface ListingFacts {
  /** a search was answered with rows that do not hold the term: the service does not search */
  searchIgnored?: true;
  /** a page was answered with more rows than asked: the rows one page of the service holds */
  pageSize?: number;
}

/** How a send's answer is read: the message id's path, or null to detect it. */
export interface SendResponseMap {
  messageId: string | null;
}

export interface OperationSpec {
  method: OperationMethod;
  /** under the profile's base URL, e.g. /api/v1/messages/text; `{number}` is filled from pathRoles */
  path: string;
  /** roles written into the path (`/sendSessionMessage/{number}`), each with its format */
  pathRoles?: RoleRef[];
  query: QueryParam[];
  /** extra non-secret headers (Authorization, Content-Type and credentials are never kept) */
  headers: { name: string; value: string }[];
  body: Template | null;
  /** absent: json */
  encoding?: BodyEncoding;
  /** absent: Authorization: Bearer */
  credential?: CredentialPlacement;
  contacts?: ContactsResponseMap;
  /** contacts listing only: what its answers showed (core/contacts/listing-facts.ts) */
  listing?: ListingFacts;
  send?: SendResponseMap;
  /** an upload's answer: where the media id is (null: detected from common names) */
  upload?: { mediaId: string | null };
  /**
   * Download media only: other origins where the service keeps its files (Meta's
   * https://lookaside.fbsbx.com), where the key also goes, for a file's GET and nothing else.
   * Added by the person (core/conversations/file-origin-policy.ts), never learned from an answer.
   */
  fileOrigins?: string[];
}

/**
 * Where the service's message events (delivery states, replies) can be read besides webhooks.
 * A part left out is docs/API.md's; null says the service has no such route (never asked for).
 */
export interface EventRoutes {
  /** a text/event-stream: a path under the base URL, or an absolute http(s) URL */
  stream?: string | null;
  /** one sent message's current state: GET <base URL><statusPath>, `{id}` standing for its id */
  statusPath?: string | null;
  /** where these routes take the key; absent: where the profile's Send Text puts it */
  credential?: CredentialPlacement;
}

export interface ApiDescription {
  version: 1;
  /** an operation left out follows docs/API.md (and the profile's path override, if any) */
  operations: Partial<Record<DescribedOperation, OperationSpec>>;
  /**
   * Operations the service does not offer (Twilio has no contacts listing): never asked for,
   * never guessed from docs/API.md; the app says so and uses what it has instead.
   */
  absent?: DescribedOperation[];
  /** absent: docs/API.md's event stream and status route */
  events?: EventRoutes;
}

/** One row of the mapping table: a field of the pasted example and what it became. */
export interface MappingRow {
  location: 'path' | 'query' | 'body';
  /** query name, or body path (`text.body`, `messages[0].to`) */
  field: string;
  /** the example's value, shortened */
  example: string;
  /** null: kept as the constant of the example */
  role: Role | null;
}

/** What a pasted cURL taught about one operation; nothing is saved until the person says so. */
export interface Proposal {
  operation: DescribedOperation;
  spec: OperationSpec;
  /** the base URL the example implies (origin + prefix); the profile's when the example fits it */
  baseUrl: string;
  rows: MappingRow[];
  /** what was dropped or could not be guessed, as sentences */
  warnings: string[];
  /**
   * Download media only: the example is the second step of a download (the GET of the file's own
   * address on another origin, Meta's lookaside.fbsbx.com), not the lookup. It is not saved as the
   * operation; what it would do is let the key go to this origin for received files, which only
   * the person's explicit yes does (a question main asks, `--yes` on the command line).
   */
  fileOrigin?: string;
}

/** role -> fields (a query name, a body path, or a last key name); 'constant' keeps a field as given */
export type RoleFixes = Partial<Record<Role | 'constant', string[]>>;

/** Every described operation of a profile, its own description or docs/API.md's. */
export interface DescribedApi {
  profileId: string;
  baseUrl: string;
  /** absent: the service does not offer it (the spec shown is docs/API.md's, never used) */
  operations: { operation: DescribedOperation; label: string; spec: OperationSpec; custom: boolean; absent: boolean }[];
}

/** The request a description makes with example values. */
export interface ApiPreview {
  method: string;
  url: string;
  curl: string;
  problems: FieldDetail[];
}
