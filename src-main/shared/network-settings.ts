// The network settings of the data folder as the window and the `crm` command see them: the CA
// file (core/http/network/ca-file-trust.ts owns it) and the request deadline
// (core/http/request-deadline.ts). Pure: both processes import it, so both say the same of them.

export interface CaFileState {
  /** the PEM file named (a full path), or null for none */
  path: string | null;
  /** how many of its certificates are trusted now */
  certificates: number;
  /** why the file cannot be read now; null when it is fine or none is named */
  problem: string | null;
}

/** the whole-request deadline as the window and `crm` see it (core/http/request-deadline.ts) */
export interface RequestDeadlineState {
  /** the deadline in force, in seconds */
  seconds: number;
  /** true when none is set and the default is in force */
  isDefault: boolean;
  defaultSeconds: number;
  /** what the setting accepts, in whole seconds */
  min: number;
  max: number;
}

/**
 * The CA-file setting in one sentence. `clean` makes the file's path and the problem safe to
 * print where they go (a terminal strips control characters; the window's text needs nothing).
 */
export function describeCaFile(state: CaFileState, clean: (text: string) => string = (text) => text): string {
  if (state.path === null) return 'No CA file: requests trust the certificates Node and the operating system trust.';
  const file = clean(state.path);
  const count = `${state.certificates} certificate${state.certificates === 1 ? '' : 's'}`;
  if (state.problem !== null)
    return `CA file ${file}: ${clean(state.problem)}${state.certificates > 0 ? ` What was read from it before (${count}) is still trusted.` : ''}`;
  return `CA file ${file}: ${count} trusted beside the certificates Node and the operating system trust.`;
}
