export declare const onPath: (name: string, env?: NodeJS.ProcessEnv) => boolean;
export declare function isPresent(probe: { command?: string; executable?: string; pkgConfig?: string }, env?: NodeJS.ProcessEnv): boolean;
export declare function systemFacts(env?: NodeJS.ProcessEnv): { apt: boolean; root: boolean; sudo: boolean; terminal: boolean };
export declare function ask(question: string): Promise<string>;
export declare function aptInstall(names: string[], root: boolean): boolean;
