export const PROBE_TIMEOUT_MS: number;
export type ProbeResult = { outcome: 'answered' } | { outcome: 'failed'; detail: string } | { outcome: 'silent' } | { outcome: 'unknown' };
export interface SecretServiceProblem {
  reason: string;
  fix: string;
  /** the fix is done before the start is run again (false: the fix starts the app itself) */
  rerun: boolean;
}
export function probeSecretService(options?: {
  root?: string;
  env?: Record<string, string | undefined>;
  command?: string[];
  timeoutMs?: number;
}): Promise<ProbeResult>;
export function secretServiceProblem(
  result: ProbeResult,
  facts: { platform: string; hasKeyring: boolean; apt: boolean },
): SecretServiceProblem | null;
export function problemLines(problem: SecretServiceProblem): string[];
export function secretServiceCheck(options?: {
  root?: string;
  env?: Record<string, string | undefined>;
  platform?: string;
}): Promise<string[] | null>;
