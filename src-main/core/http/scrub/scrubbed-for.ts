// Which key an observed exchange is already scrubbed of, kept beside the exchange rather than in
// it: the exchange is data on its way to the log, and a key value must never become part of it.
// The log then spends its own scan only on the other keys it holds.
const scrubbedFor = new WeakMap<object, string>();

export function markScrubbed(exchange: object, key: string): void {
  scrubbedFor.set(exchange, key);
}

/** the key `exchange` was scrubbed of when it was observed, if any */
export function scrubbedOf(exchange: object): string | undefined {
  return scrubbedFor.get(exchange);
}
