// One request, fully decided, before any key is attached. The undici sender and the cURL
// exporter consume the same object, so the cURL is exactly what the app sends (docs/ARCHITECTURE.md, rule 8).
import type { CredentialPlacement } from '../../shared/api-description';
import type { EndpointId, LoggedSend } from '../model';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type PreparedBody =
  /** A JSON text sent as is. */
  | { kind: 'json'; text: string }
  /** application/x-www-form-urlencoded text sent as is. */
  | { kind: 'form'; text: string }
  /** multipart/form-data: text parts and file parts streamed from disk (multipart-body.ts). */
  | { kind: 'multipart'; boundary: string; parts: PreparedPart[] }
  /**
   * A JSON text whose middle is the base64 of a local file:
   * body = prefix + base64(file bytes) + suffix. The sender streams it; the cURL reads the
   * file when it runs, so megabytes are never inlined into a command.
   */
  | { kind: 'json-with-file'; prefix: string; filePath: string; fileSize: number; suffix: string };

export type PreparedPart =
  { name: string; value: string } | { name: string; filePath: string; fileSize: number; fileName: string; contentType: string };

export interface PreparedRequest {
  endpoint: EndpointId;
  method: HttpMethod;
  /** absolute URL including query string */
  url: string;
  /** every header except the credential (added at send time from the keychain) */
  headers: Record<string, string>;
  /** where the key goes; absent: Authorization: Bearer (credential.ts) */
  credential?: CredentialPlacement;
  body: PreparedBody | null;
  /** present on message-creating POSTs; also in headers['Idempotency-Key'] */
  idempotencyKey: string | null;
  /** a GET, or a request with an Idempotency-Key: may be retried after a 429 */
  retrySafe: boolean;
  /** a message send's fields as the person gave them, for the request log (logged-send.ts) */
  sent?: LoggedSend;
  /** the profile it was built for (request-builder.ts), for the request log; never sent */
  profileId?: string;
}
