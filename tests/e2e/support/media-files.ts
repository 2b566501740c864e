// Small, valid media files generated on the fly (no binary fixtures in the repo): a PNG, a
// WAV, a PDF, and a way to hand them to the app the two ways a person does (the file dialog,
// and drag-and-drop of bytes built inside the page).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator } from '@playwright/test';
import { pngFile, toneWav } from '../../harness/media-containers';

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
  return pngFile(width, height, 6, deflateSync(raw, { level: stored ? 0 : 9 }));
}

/** A mono 16-bit PCM WAV with a 440 Hz tone. */
export function wavBytes(seconds = 0.5, sampleRate = 8000): Buffer {
  return toneWav(Math.round(seconds * sampleRate), sampleRate, 12000);
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
