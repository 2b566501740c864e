export declare function parseDistArgs(argv: string[]): Record<string, unknown>;
export declare function requestedArchs(cli: Record<string, unknown>, hostArch: string): string[];
export declare function electronDistPlan(options: { archs: string[]; hostArch: string; localDist: string; override: string | undefined }):
  | { electronDist: string | ((o: { arch: string | number }) => string | null) }
  | { problem: string };
export declare function macSigningPlan(env: NodeJS.ProcessEnv): { config: Record<string, unknown>; notarise: boolean } | { problem: string };
export declare function updateFeedPlan(env: NodeJS.ProcessEnv): { config: Record<string, unknown> } | { problem: string };
export declare function crashUploadPlan(env: NodeJS.ProcessEnv): { config: Record<string, unknown> } | { problem: string };
