// The certificates a TLS connection trusts: Node's bundled roots plus the operating system's
// own store, where this Node can read it (tls.getCACertificates('system'): Node 22.15+, which
// Electron's Node has). Support teams behind TLS inspection get their company root through the
// OS store; NODE_EXTRA_CA_CERTS keeps working as Node defines it ('default' includes it).
import * as tls from 'node:tls';

type CaReader = (kind: 'default' | 'system') => string[];

let cached: string[] | null | undefined;

/** null: this Node cannot read the OS store, so its own defaults apply unchanged */
export function trustedCertificates(read: CaReader | undefined = (tls as { getCACertificates?: CaReader }).getCACertificates): string[] | null {
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
