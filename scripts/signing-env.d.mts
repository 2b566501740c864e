export declare function signingPlan(
  platform: string,
  env: Record<string, string | undefined>,
): { exports: Record<string, string>; notes: string[]; problem: string | null };
export declare function githubEnvLines(exports: Record<string, string>, delimiter?: string): string;
