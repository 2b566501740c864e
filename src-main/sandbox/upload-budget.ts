// How many request-body bytes the sandbox holds in memory at once, all requests together. A body
// is buffered whole (it is JSON: base64 uploads of up to 134 MiB) and parsed, so a dozen large
// uploads at once would take gigabytes from the app the sandbox runs in. Past the budget a
// request is answered 503 with Retry-After before its body is read; the client tries again.
export const DEFAULT_UPLOAD_BUDGET = 192 * 1024 * 1024;

export class UploadBudget {
  private used = 0;

  constructor(readonly limit: number = DEFAULT_UPLOAD_BUDGET) {}

  /** true (and the bytes are held) when they fit; a lone request may always take the whole budget */
  tryReserve(bytes: number): boolean {
    if (bytes <= 0) return true;
    if (this.used > 0 && this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    if (bytes > 0) this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}
