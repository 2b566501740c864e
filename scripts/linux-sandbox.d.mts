export interface SandboxFacts {
  platform: string;
  restricted: boolean;
  sandbox: { uid: number; mode: number } | null;
  sandboxPath: string;
}
export function sandboxBlocker(facts: SandboxFacts): string | null;
export function readSandboxFacts(electronPath: string, platform?: string): SandboxFacts;
