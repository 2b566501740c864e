// The certificates a TLS connection trusts: Node's bundled roots plus the operating system's
// own store, where this Node can read it (tls.getCACertificates('system'): Node 22.15+, which
// Electron's Node has), plus the certificates of the CA file a person named (ca-file-trust.ts).
// Support teams behind TLS inspection get their company root through the OS store or the CA
// file. NODE_EXTRA_CA_CERTS works as Node defines it ('default' includes it) where the process
// is started with it: a terminal's `crm` or `npm start`, never the installed app.
import * as tls from 'node:tls';

type CaReader = (kind: 'default' | 'system') => string[];

let cached: string[] | null | undefined;

/** null: this Node cannot read the OS store, so its own defaults apply unchanged */
export function trustedCertificates(
  read: CaReader | undefined = (tls as { getCACertificates?: CaReader }).getCACertificates,
): string[] | null {
  if (read === undefined) return null;
  try {
    return [...new Set([...read('default'), ...read('system')])];
  } catch {
    return null;
  }
}

/** the same, read once per process: the OS store is large and does not change under us */
export function processTrust(): string[] | null {
  if (cached === undefined) cached = trustedCertificates();
  return cached;
}

/**
 * The defaults plus `extra`, each once. A list handed to TLS replaces the defaults instead of
 * adding to them, so they are written out in full (Node's bundled roots where the fuller
 * defaults cannot be read). Nothing extra: the defaults as they are.
 */
export function trustWith(extra: readonly string[], defaults: string[] | null): string[] | null {
  if (extra.length === 0) return defaults;
  return [...new Set([...(defaults ?? tls.rootCertificates), ...extra])];
}
