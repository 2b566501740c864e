export declare const DIST_NODE: string;
export declare function nodeVersionProblem(version: string, minimum?: string): string | null;
export declare const ENGINES_NODE: string;
export declare function enginesProblem(version: string): string | null;
