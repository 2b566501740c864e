export interface UnpackedApp {
  dir: string;
  os: 'linux' | 'win' | 'mac';
  archs: string[];
  resources: string;
}
export interface RequiredNative {
  name: string;
  under: string;
  perArch: boolean;
}
export declare function requiredNatives(dependencies: Record<string, string> | undefined): RequiredNative[];
export declare function packageArch(path: string): string | null;
export declare function unpackedApps(distDir: string, names?: string[]): UnpackedApp[];
export declare function appNativeProblems(
  app: UnpackedApp,
  required: RequiredNative[],
  readFile?: (path: string) => Buffer,
): { problems: string[]; checked: number };
export declare function latestMacProblems(text: string, archs: string[], exists?: (url: string) => boolean): string[];
export declare function packageTypeProblem(kind: 'AppImage' | 'deb', content: string | null): string | null;
export declare function debDockerScript(debName: string, packageName: string): string;
