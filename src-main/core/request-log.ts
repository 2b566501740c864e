// The request log: the last 500 requests the sender made (one entry per attempt), fed by the
// sender's observer, with live subscribers (the renderer's log panel). The sender already
// redacts Authorization; this is the second line: no header value that carries a bearer token
// or a key held in memory is ever stored.
import { REDACTED_AUTHORIZATION } from './http/redact';
import type { RequestObserver } from './http/sender';
import type { RequestLogEntry } from './model';
import type { RequestLog } from './services';

export const REQUEST_LOG_SIZE = 500;

const REDACTED = '***';

export class RequestLogBuffer implements RequestLog {
  private readonly entries: RequestLogEntry[] = [];
  private readonly listeners = new Set<(entry: RequestLogEntry) => void>();
  private start = 0;

  /**
   * @param containsSecret true when a text holds a key value the process knows (KeyVault)
   */
  constructor(
    private readonly containsSecret: (text: string) => boolean = () => false,
    private readonly size = REQUEST_LOG_SIZE,
  ) {}

  /** the observer to give the sender */
  readonly observer: RequestObserver = (entry) => this.record(entry);

  record(entry: RequestLogEntry): void {
    const safe: RequestLogEntry = { ...entry, requestHeaders: this.redact(entry.requestHeaders) };
    if (this.entries.length < this.size) {
      this.entries.push(safe);
    } else {
      this.entries[this.start] = safe;
      this.start = (this.start + 1) % this.size;
    }
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

  subscribe(listener: (entry: RequestLogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  clear(): void {
    this.entries.length = 0;
    this.start = 0;
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
