export interface Probe {
  command?: string;
  executable?: string;
  pkgConfig?: string;
}
export interface NeededPackage {
  name: string;
  probe: Probe;
  why: string;
  installable: boolean;
}
export declare function lockDifference(lockPackages: Record<string, unknown>, installedPackages: Record<string, unknown>): string | null;
export declare function nodeModulesPlan(facts: {
  exists: boolean;
  linkTarget: string | null;
  lock: unknown;
  installed: unknown;
}): { run: false } | { run: true; message: string } | { problem: string };
export declare function neededPackages(options: {
  command: 'start' | 'test';
  platform: string;
  npmCi: boolean;
  env: NodeJS.ProcessEnv;
}): NeededPackage[];
export declare function aptCommand(names: string[], root: boolean): string;
export declare function systemPlan(facts: {
  missing: NeededPackage[];
  apt: boolean;
  root: boolean;
  sudo: boolean;
  terminal: boolean;
}):
  | { action: 'none' }
  | { action: 'install'; names: string[] }
  | { action: 'ask'; names: string[]; question: string; lines: string[] }
  | { action: 'stop'; lines: string[] };
export declare const isYes: (answer: string | null | undefined) => boolean;
export declare function declinedLines(names: string[], root: boolean): string[];
