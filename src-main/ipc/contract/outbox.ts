// The IPC contract's invoke channels for the outbox and the request log. TYPES ONLY, like
// contract.ts, which composes every domain's map into the one InvokeMap.
import type { OutboxItem, RequestLogDetail, RequestLogEntry } from '../../shared/model';
import type { ClipboardReport } from '../../shared/ipc-types';

export interface OutboxInvokeMap {
  /** everything in the outbox: queued sends and server revocations, waiting, done or failed */
  'outbox:list': { payload: Record<string, never>; value: OutboxItem[] };
  /** gives up on a waiting item: it is never sent; outbox:changed follows */
  'outbox:cancel': { payload: { id: string }; value: OutboxItem };
  /** tries a waiting or failed item again now; outbox:changed follows */
  'outbox:retry': { payload: { id: string }; value: OutboxItem };
  /** tries every waiting item now and answers once the outbox has settled (rate-limited items keep their wait) */
  'outbox:sync': { payload: Record<string, never>; value: null };
  /**
   * the newest requests (500) made by any process on the data folder (this app, `crm` commands),
   * kept in crm.db across restarts: host, path, status, timing, which process, and headers with
   * Authorization redacted
   */
  'log:list': { payload: Record<string, never>; value: RequestLogEntry[] };
  /**
   * one log entry in full: response status text and headers, request and response bodies (each
   * scrubbed of every key value, then cut; file bodies described, not read) and its cURL, which
   * reads the key from $CRM_API_KEY. not_found once the entry left the log
   */
  'log:detail': { payload: { id: string }; value: RequestLogDetail };
  /** main writes that entry's cURL (key as $CRM_API_KEY, never the key itself) to the clipboard */
  'log:copy-curl': { payload: { id: string }; value: ClipboardReport };
  /**
   * sends that entry's request again, as this process prepared it (never the logged copy), with
   * the profile's key attached by main for the request's origin and, where it had one, a new
   * Idempotency-Key; answers its status and the new entry's id. not_found for a request this
   * process does not hold (another process's, or one from before a restart)
   */
  'log:resend': { payload: { id: string }; value: { status: number; entryId: string | null } };
}
