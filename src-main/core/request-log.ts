// The request log: the last 500 requests the sender made (one entry per attempt), fed by the
// sender's observer, with live subscribers (the renderer's log panel). The sender already
// redacts Authorization; this is the second line: no header value that carries a bearer token
// or a key held in memory is ever stored. Each entry's detail (bodies, response headers, cURL)
// is scrubbed of every key the vault holds, THEN cut, and the details together stay within a
// character budget: the oldest entries' bodies are released first (log-detail.ts).
import type { ObservedExchange } from './http/observed-exchange';
import { REDACTED_AUTHORIZATION } from './http/redact';
import type { RequestObserver } from './http/sender';
import { DEFAULT_DETAIL_LIMITS, DetailStore, keptDetail, type DetailLimits } from './log-detail';
import type { RequestLogDetail, RequestLogEntry } from './model';
import type { RequestLog } from './services';

export const REQUEST_LOG_SIZE = 500;

export interface RequestLogOptions {
  /** `text` without any run of a key value the process knows (KeyVault.scrubSecrets) */
  scrub?: (text: string) => string;
  limits?: Partial<DetailLimits>;
}

const REDACTED = '***';

export class RequestLogBuffer implements RequestLog {
  private readonly entries: RequestLogEntry[] = [];
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();
  private start = 0;
  private readonly details: DetailStore;
  private readonly scrub: (text: string) => string;

  /**
   * @param containsSecret true when a text holds a key value the process knows (KeyVault)
   */
  constructor(
    private readonly containsSecret: (text: string) => boolean = () => false,
    private readonly size = REQUEST_LOG_SIZE,
    options: RequestLogOptions = {},
  ) {
    this.scrub = options.scrub ?? ((text) => text);
    this.details = new DetailStore({ ...DEFAULT_DETAIL_LIMITS, ...options.limits });
  }

  /** the observer to give the sender */
  readonly observer: RequestObserver = (entry, exchange) => this.record(entry, exchange);

  record(entry: RequestLogEntry, exchange?: ObservedExchange): void {
    const safe: RequestLogEntry = { ...entry, requestHeaders: this.redact(entry.requestHeaders) };
    if (this.entries.length < this.size) {
      this.entries.push(safe);
    } else {
      const evicted = this.entries[this.start];
      if (evicted !== undefined) this.details.delete(evicted.id);
      this.entries[this.start] = safe;
      this.start = (this.start + 1) % this.size;
    }
    if (exchange !== undefined) this.details.add(safe.id, keptDetail(exchange, this.scrub, this.details.limits));
    for (const listener of this.listeners) {
      try {
        listener(safe);
      } catch {
        // one failing subscriber must not stop the others or the request
      }
    }
  }

  /** oldest first */
  list(): RequestLogEntry[] {
    return [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
  }

  /** the entry with its bodies, response headers and cURL; null once it left the log */
  detail(id: string): RequestLogDetail | null {
    const entry = this.entries.find((e) => e.id === id);
    if (entry === undefined) return null;
    return { ...entry, ...this.details.get(id) };
  }

  /** how many characters of bodies and cURLs the log holds now (the memory bound's measure) */
  heldChars(): number {
    return this.details.heldChars;
  }

  subscribe(listener: (entry: RequestLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  clear(): void {
    this.entries.length = 0;
    this.start = 0;
    this.details.clear();
  }

  private redact(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') {
        out[name] = REDACTED_AUTHORIZATION;
      } else if (/\bbearer\s+\S{8,}/i.test(value) || this.containsSecret(value)) {
        out[name] = REDACTED;
      } else {
        out[name] = value;
      }
    }
    return out;
  }
}
