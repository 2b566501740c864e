export declare function resolveSpecifier(fromFile: string, specifier: string): string | null;
export declare function importsOf(file: string, text?: string): string[];
export declare function circlesOf(graph: Map<string, string[]>): string[][];
export declare function projectGraph(root?: string): Map<string, string[]>;
