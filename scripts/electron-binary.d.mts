export declare function findElectronBinary(env?: NodeJS.ProcessEnv): { path: string } | { path: null; reason: string };
