// Mimetype detection from a file's first bytes (its "magic numbers"). Pure: takes the head
// of a file (SNIFF_BYTES is enough), never the whole file.
import type { FilePurpose } from '../../shared/file-purpose';

export interface SniffResult {
  mimetype: string;
  /** what the bytes can be sent as */
  category: FilePurpose;
  /** false when nothing matched and the result is the application/octet-stream fallback */
  recognised: boolean;
}

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 8192;

const OCTET_STREAM: SniffResult = { mimetype: 'application/octet-stream', category: 'document', recognised: false };

export function sniffMimetype(head: Uint8Array): SniffResult {
  const b = head;
  const at = (i: number): number => b[i] ?? -1;
  const ascii = (start: number, text: string): boolean => {
    for (let i = 0; i < text.length; i += 1) if (at(start + i) !== text.charCodeAt(i)) return false;
    return true;
  };
  const found = (mimetype: string, category: FilePurpose): SniffResult => ({ mimetype, category, recognised: true });

  // images
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return found('image/jpeg', 'image');
  if (ascii(0, '\x89PNG\r\n\x1a\n')) return found('image/png', 'image');
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return found('image/gif', 'image');
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return found('image/webp', 'image');
  // audio
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return found('audio/wav', 'audio');
  if (ascii(0, 'OggS')) return found('audio/ogg', 'audio');
  if (ascii(0, 'ID3')) return found('audio/mpeg', 'audio');
  if (ascii(0, 'fLaC')) return found('audio/flac', 'audio');
  if (ascii(0, '#!AMR')) return found('audio/amr', 'audio');
  if (at(0) === 0xff && (at(1) & 0xf6) === 0xf0) return found('audio/aac', 'audio'); // ADTS: sync 0xFFF, layer 00
  if (at(0) === 0xff && (at(1) & 0xe0) === 0xe0 && (at(1) & 0x06) !== 0 && (at(1) & 0x18) !== 0x08) {
    return found('audio/mpeg', 'audio'); // MPEG audio frame sync, layer I/II/III, valid version
  }
  if (at(0) === 0x1a && at(1) === 0x45 && at(2) === 0xdf && at(3) === 0xa3) return sniffEbml(b);
  if (ascii(4, 'ftyp')) return sniffIsoBmff(b);
  // documents
  if (ascii(0, '%PDF-')) return found('application/pdf', 'document');
  if (ascii(0, 'PK\x03\x04')) return found(zipType(b), 'document');
  if (at(0) === 0xd0 && at(1) === 0xcf && at(2) === 0x11 && at(3) === 0xe0) return found('application/x-ole-storage', 'document');
  if (ascii(0, '\x1f\x8b')) return found('application/gzip', 'document');
  if (looksLikeText(b)) return found('text/plain', 'document');
  return OCTET_STREAM;
}

/** WebM/Matroska: the DocType says which; a video codec id in the head makes it video. */
function sniffEbml(b: Uint8Array): SniffResult {
  const text = latin1(b);
  const webm = text.includes('webm');
  const video = /V_(VP8|VP9|AV1|MPEG4|MPEGH|MS\/VFW)/.test(text);
  if (webm) return { mimetype: video ? 'video/webm' : 'audio/webm', category: video ? 'document' : 'audio', recognised: true };
  return { mimetype: video ? 'video/x-matroska' : 'audio/x-matroska', category: video ? 'document' : 'audio', recognised: true };
}

/** MP4 family: the major brand says M4A, else a sound-only handler in the head makes it audio. */
function sniffIsoBmff(b: Uint8Array): SniffResult {
  const text = latin1(b);
  const brand = text.slice(8, 12);
  if (/^(M4A |M4B |M4P |F4A |F4B )$/.test(brand)) return { mimetype: 'audio/mp4', category: 'audio', recognised: true };
  if (brand === 'qt  ') return { mimetype: 'video/quicktime', category: 'document', recognised: true };
  if (brand.startsWith('3g')) return { mimetype: 'video/3gpp', category: 'document', recognised: true };
  if (/^(heic|heix|mif1|msf1|avif)$/.test(brand))
    return { mimetype: brand === 'avif' ? 'image/avif' : 'image/heic', category: 'document', recognised: true };
  // hdlr box: size, "hdlr", version+flags (4), pre_defined (4), handler type (4)
  const handlers = [...text.matchAll(/hdlr[\s\S]{8}(vide|soun)/g)].map((m) => m[1]);
  if (handlers.includes('soun') && !handlers.includes('vide')) return { mimetype: 'audio/mp4', category: 'audio', recognised: true };
  return { mimetype: 'video/mp4', category: 'document', recognised: true };
}

/**
 * A ZIP: OOXML and ODF documents are ZIPs too. ODF stores an uncompressed "mimetype" entry
 * first; OOXML has word/, xl/ or ppt/ entries whose local headers usually fall in the head.
 */
function zipType(b: Uint8Array): string {
  const text = latin1(b);
  if (text.slice(30, 38) === 'mimetype') {
    const match = /^application\/vnd\.oasis\.opendocument\.[a-z.-]+/.exec(text.slice(38, 120));
    if (match) return match[0];
  }
  // eslint-disable-next-line no-control-regex
  const names = [...text.matchAll(/PK\x03\x04[\s\S]{22}([\s\S]{2})[\s\S]{2}/g)].map((m) => {
    const lenBytes = m[1] ?? '';
    const length = lenBytes.charCodeAt(0) | (lenBytes.charCodeAt(1) << 8);
    const start = (m.index ?? 0) + 30;
    return text.slice(start, start + length);
  });
  if (names.some((n) => n.startsWith('word/'))) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (names.some((n) => n.startsWith('xl/'))) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (names.some((n) => n.startsWith('ppt/'))) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
}

/** UTF-8 (or ASCII) text without control characters other than tab, newlines and form feed. */
function looksLikeText(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  // a multi-byte character may be cut at the end of the head: drop up to 3 trailing bytes of it
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i += 1) {
    const byte = b[end - i] ?? 0;
    if ((byte & 0xc0) === 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (i < needed) end -= i;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, end));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

function latin1(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
}
