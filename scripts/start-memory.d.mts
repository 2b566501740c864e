export declare const BUILD_INPUTS: string[];
export declare function newestInputMs(root: string, inputs?: string[]): number;
export declare function buildIsFresh(facts: {
  stamp: { inputsMs?: unknown; node?: unknown } | null;
  newestMs: number;
  outputsPresent: boolean;
  nodeVersion: string;
}): boolean;
export declare function windowBuildState(root: string): { fresh: boolean; remember: () => void };
export declare function electronDownloadFailed(root: string, electronVersion: string): string | null;
export declare function rememberElectronDownloadFailed(root: string, electronVersion: string, at?: Date): void;
