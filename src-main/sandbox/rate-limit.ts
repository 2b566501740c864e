// Token bucket per API key: `burst` tokens, refilled at `rate` per second; a request takes one.
// Headers on every authenticated answer: X-RateLimit-Limit (the bucket size),
// X-RateLimit-Remaining (whole tokens left), X-RateLimit-Reset (unix seconds when the bucket is
// full again). A denied request also gets Retry-After: whole seconds until one token, >= 1.

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Takes a token for `keyId` when one is there. */
  take(keyId: string, now = Date.now()): RateDecision {
    const bucket = this.refill(keyId, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, headers: this.headers(bucket, now) };
    }
    const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate));
    return { allowed: false, headers: { ...this.headers(bucket, now), 'Retry-After': String(retryAfter) } };
  }

  /** The headers without taking a token (for answers given before the limit is checked). */
  peek(keyId: string, now = Date.now()): Record<string, string> {
    return this.headers(this.refill(keyId, now), now);
  }

  forget(keyId: string): void {
    this.buckets.delete(keyId);
  }

  private refill(keyId: string, now: number): Bucket {
    let bucket = this.buckets.get(keyId);
    if (!bucket) {
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(keyId, bucket);
    } else if (now > bucket.at) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
      bucket.at = now;
    }
    return bucket;
  }

  private headers(bucket: Bucket, now: number): Record<string, string> {
    const fullInMs = ((this.burst - bucket.tokens) / this.rate) * 1000;
    return {
      'X-RateLimit-Limit': String(this.burst),
      'X-RateLimit-Remaining': String(Math.floor(bucket.tokens)),
      'X-RateLimit-Reset': String(Math.ceil((now + fullInMs) / 1000)),
    };
  }
}
