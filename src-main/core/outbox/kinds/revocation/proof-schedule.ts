// When a revoked key's value is tried again after its server revocation synced: services take a
// while to forget a deleted key, so a key still accepted is checked again after 1, 2, 5, 10 and
// then every 20 minutes, for up to an hour after the first check; then the checks stop and the
// person is told. Pure functions, no I/O.

export const PROOF_DELAYS_MS: readonly number[] = [1, 2, 5, 10, 20].map((min) => min * 60_000);
export const PROOF_WINDOW_MS = 3_600_000;

/**
 * After a check that found the key still accepted: how long until the next one, or null when the
 * hour is over. `checks`: the checks made so far, this one included (1 after the first).
 * The last check comes at the end of the hour, not past it.
 */
export function nextProofDelayMs(checks: number, startedAt: number, now: number): number | null {
  const end = startedAt + PROOF_WINDOW_MS;
  if (now >= end) return null;
  const delay = PROOF_DELAYS_MS[Math.min(Math.max(checks, 1), PROOF_DELAYS_MS.length) - 1]!;
  return Math.min(delay, end - now);
}
