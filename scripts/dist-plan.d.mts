export declare function parseDistArgs(argv: string[]): Record<string, unknown>;
export declare function requestedArchs(cli: Record<string, unknown>, hostArch: string, configured?: string[] | null): string[];
export declare function configuredArchs(config: Record<string, unknown>, os: 'mac' | 'linux' | 'win'): string[] | null;
export declare function configuredTargets(config: Record<string, unknown>, os: 'mac' | 'linux' | 'win'): string[];
export declare function builderRuns(
  cli: Record<string, unknown>,
  os: 'mac' | 'linux' | 'win',
  configured: string[],
): { cli: Record<string, unknown>; writesPackageType: boolean }[];
export interface UpdateFile {
  url: string;
  sha512?: string;
  size?: number;
}
export interface UpdateInfo {
  version: string;
  files?: UpdateFile[];
  path?: string;
  sha512?: string;
  releaseDate?: string;
}
export declare function mergeUpdateInfo(earlier: UpdateInfo | null, later: UpdateInfo): UpdateInfo;
export declare function libsqlPackage(platform: string, arch: string): string;
export type StagingStep =
  | { kind: 'fresh'; dir: string }
  | { kind: 'copy'; from: string; to: string }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'run'; command: 'npm' | 'node' | 'tar' | 'lipo'; args: string[]; cwd: string };
export declare function appSourcePlan(options: {
  platform: string;
  archs: string[];
  hostArch: string;
  root: string;
  stagingDir: string;
  libsqlVersion: string;
}): { kind: 'project' } | { kind: 'staging'; dir: string; steps: StagingStep[] } | { problem: string };
export declare function electronDistPlan(options: {
  archs: string[];
  hostArch: string;
  localDist: string;
  override: string | undefined;
}): { electronDist: string | ((o: { arch: string | number }) => string | null) } | { problem: string };
export declare function macSigningPlan(
  env: NodeJS.ProcessEnv,
): { config: Record<string, unknown>; notarise: boolean } | { problem: string };
export declare function updateFeedPlan(env: NodeJS.ProcessEnv): { config: Record<string, unknown> } | { problem: string };
export declare function crashUploadPlan(env: NodeJS.ProcessEnv): { config: Record<string, unknown> } | { problem: string };
