// The certificates in a PEM file: each "-----BEGIN CERTIFICATE-----" block, in order, checked
// by Node's own X.509 reader so a damaged one is named instead of failing every connection
// later. Anything else in the text (comments, a private key, other blocks) is not used.
import { X509Certificate } from 'node:crypto';

export type PemReading = { ok: true; certificates: string[] } | { ok: false; reason: string };

const BLOCK = /-----BEGIN CERTIFICATE-----[^-]*-----END CERTIFICATE-----/g;

/** `where` names the file in a reason ("/etc/ssl/company.pem") */
export function readPemCertificates(bytes: Uint8Array, where: string): PemReading {
  const blocks = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').match(BLOCK) ?? [];
  if (blocks.length === 0) {
    // a DER certificate is an ASN.1 SEQUENCE with a long length: 0x30 0x82
    const der = bytes[0] === 0x30 && bytes[1] === 0x82;
    return {
      ok: false,
      reason: der
        ? `${where} is a binary (DER) certificate; save it as PEM (Base64, starting with -----BEGIN CERTIFICATE-----) and choose that file.`
        : `${where} holds no PEM certificate (a block starting with -----BEGIN CERTIFICATE-----).`,
    };
  }
  const certificates: string[] = [];
  for (const [index, block] of blocks.entries()) {
    try {
      // written again by Node: one canonical form, whatever the file's line endings
      certificates.push(new X509Certificate(block).toString());
    } catch {
      return { ok: false, reason: `Certificate ${index + 1} of ${blocks.length} in ${where} is damaged and cannot be read.` };
    }
  }
  return { ok: true, certificates };
}
