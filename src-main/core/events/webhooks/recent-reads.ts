// A value read a moment ago, handed out again instead of asking a slow source (the keychain) for
// each of a stream of requests. Reads of one key that overlap share one ask; a failed ask is not
// kept, so the next read asks again.
interface Entry<T> {
  value: Promise<T>;
  /** when the ask began (ms); an entry older than the ttl is asked again */
  askedAt: number;
}

export class RecentReads<T> {
  private readonly entries = new Map<string, Entry<T>>();
  constructor(
    private readonly read: (key: string) => Promise<T>,
    private readonly ttlMs: number,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  get(key: string): Promise<T> {
    const now = this.nowMs();
    const entry = this.entries.get(key);
    if (entry && now - entry.askedAt < this.ttlMs) return entry.value;
    const value = this.read(key);
    this.entries.set(key, { value, askedAt: now });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** the key changed here: the next read asks the source (an ask under way is not kept) */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
