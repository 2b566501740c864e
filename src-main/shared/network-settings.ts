// The CA-file setting as the window and the `crm` command see it (core/http/network/ca-file-trust.ts
// owns it). Pure types: both processes import them.

export interface CaFileState {
  /** the PEM file named (a full path), or null for none */
  path: string | null;
  /** how many of its certificates are trusted now */
  certificates: number;
  /** why the file cannot be read now; null when it is fine or none is named */
  problem: string | null;
}
