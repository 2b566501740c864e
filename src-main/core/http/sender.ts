// Contract of the HTTP sender (implemented with undici in api-client.ts).
import type { CrmError } from '../errors';
import type { RequestLogEntry } from '../model';
import type { ObservedExchange } from './observed-exchange';
import type { PreparedRequest } from './prepared-request';

export type SendProgress =
  | { kind: 'upload'; sentBytes: number; totalBytes: number }
  | { kind: 'waiting'; reason: 'rate_limited'; retryAfterMs: number; attempt: number; maxAttempts: number };

export interface SendOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SendProgress) => void;
  /** total tries including the first; default 4 */
  maxAttempts?: number;
  /** give up retrying when the next wait would pass this budget; default 60 s */
  maxTotalMs?: number;
}

export interface ApiResponse {
  status: number;
  /** lower-cased names */
  headers: Record<string, string>;
  /** parsed JSON body (undefined for an empty or unreadable body) */
  json: unknown;
  /** why a 2xx body could not be read (not JSON, too large); null when it could */
  unreadable: CrmError | null;
  durationMs: number;
  attempts: number;
  replayed: boolean;
}

/** a log entry as the sender makes it: the log adds which kind of process it is */
export type ObservedEntry = Omit<RequestLogEntry, 'process'>;

export interface RequestObserver {
  /**
   * called once per attempt, after it ends, with Authorization already redacted; `observe`
   * gives the bodies, response headers and cURL, scrubbed of the key in use but not yet cut: a
   * call, so that work is done when the log writes the entry, off the request's path (called at
   * most once; it holds the key in use until then, as the sender did); `request`: what was sent
   * (without the key), for "Resend" (log-resend.ts), kept in memory only
   */
  (entry: ObservedEntry, observe?: () => ObservedExchange, request?: PreparedRequest): void;
}

export interface HttpSender {
  /** Sends with `Authorization: Bearer <apiKey>`. Throws CrmError for every failure. */
  send(request: PreparedRequest, apiKey: string, options?: SendOptions): Promise<ApiResponse>;
  /**
   * Whether anything answers at `baseUrl` (a GET with no key; any status counts). Never throws:
   * false when nothing answered.
   */
  probe(baseUrl: string, signal: AbortSignal): Promise<boolean>;
  close(): Promise<void>;
}

/** The JSON of an answer that must be read to be useful (a list); throws its bad_response. */
export function readableJson(response: ApiResponse): unknown {
  if (response.unreadable !== null) throw response.unreadable;
  return response.json;
}
