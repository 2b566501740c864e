export interface NodeModulesFacts {
  exists: boolean;
  linkTarget: string | null;
  lock: unknown;
  installed: unknown;
}
export declare function readNodeModulesFacts(root: string): NodeModulesFacts;
export declare function npmInvocation(env?: NodeJS.ProcessEnv): { command: string; prefix: string[]; shell: boolean };
export declare function ensureNodeModules(
  root: string,
  options?: { say?: (line: string) => void; env?: NodeJS.ProcessEnv },
): Promise<{ ran: boolean; ok: boolean }>;
