export interface KeychainEntry {
  service: string;
  account: string;
}
export declare function prefixProblem(prefix: string | undefined): string | null;
export declare function macEntries(dump: string, prefix: string): KeychainEntry[];
export declare function windowsEntries(list: string, prefix: string): KeychainEntry[];
