export declare const DIST_NODE: string;
export declare function nodeVersionProblem(version: string, minimum?: string): string | null;
