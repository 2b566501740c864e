// Small, valid media files generated on the fly (no binary fixtures in the repo): a PNG, a
// WAV, a PDF, and a way to hand them to the app the two ways a person does (the file dialog,
// and drag-and-drop of bytes built inside the page).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator } from '@playwright/test';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An RGBA PNG of width x height: a colour gradient, so the preview visibly shows something.
 * `stored` writes the pixels uncompressed (deflate level 0): the file is then about
 * width * height * 4 bytes, which is how the over-limit image is made.
 */
export function pngBytes(width: number, height: number, { stored = false } = {}): Buffer {
  const row = width * 4 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const o = y * row + 1 + x * 4;
      raw[o] = (x * 255) / Math.max(1, width - 1);
      raw[o + 1] = (y * 255) / Math.max(1, height - 1);
      raw[o + 2] = stored ? (x * 31 + y * 17) & 0xff : 160;
      raw[o + 3] = 255;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: stored ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mono 16-bit PCM WAV with a 440 Hz tone. */
export function wavBytes(seconds = 0.5, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A one-page PDF that says `text`. */
export function pdfBytes(text = 'CRM e2e report'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 18 Tf 20 70 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

let dir: string | null = null;

/** Writes `bytes` to a fresh temp directory of this test run; returns the path (for h.pickQueue). */
export function writeMediaFile(name: string, bytes: Buffer): string {
  dir ??= mkdtempSync(join(tmpdir(), 'crm-e2e-media-'));
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/**
 * Drops a file on `zone` the way a drag from the desktop does: a DataTransfer built in the page
 * holding a File made from `bytes` (or, with `fillTo`, from `bytes` padded with zeros to that
 * size, built in the page so a large file does not cross the protocol).
 */
export async function dropFile(zone: Locator, file: { name: string; type: string; bytes: Buffer; fillTo?: number }): Promise<void> {
  await zone.evaluate(
    (el, f) => {
      const head = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      const bytes = new Uint8Array(Math.max(head.length, f.fillTo ?? 0));
      bytes.set(head);
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], f.name, { type: f.type }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64'), fillTo: file.fillTo ?? 0 },
  );
}
