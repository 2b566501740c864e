// Draws the app icon and writes it in the three forms the installers take: resources/icon.png
// (Linux, and the source for anything derived), resources/icon.ico (Windows) and
// resources/icon.icns (macOS). Plain Node, no image tools: every size is rendered directly from
// signed distance functions, so small sizes stay crisp instead of being scaled down from 1024,
// and each edge pixel gets the exact share of the shape that covers it (analytic anti-aliasing).
// Run: node scripts/make-icons.mjs  (writes the files; commit them, packaging does not run this)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const RESOURCES = fileURLToPath(new URL('../resources/', import.meta.url));

/** Windows asks an .ico for each of these; 256 is stored with size byte 0 by the format. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** icns entry types that hold a PNG, with the pixel size each one must have. */
export const ICNS_ENTRIES = [
  { type: 'ic07', size: 128 },
  { type: 'ic08', size: 256 },
  { type: 'ic09', size: 512 },
  { type: 'ic10', size: 1024 },
];
export const PNG_SIZE = 1024;

// ---- the mark: a blue rounded square, a white chat bubble, a ">_" prompt inside it ----------
// Unit square coordinates, y pointing down. Margins follow the macOS icon grid closely enough
// that the mark does not look oversized in the Dock; the other platforms accept it as is.
const TILE = { cx: 0.5, cy: 0.5, hw: 0.42, hh: 0.42, r: 0.19 };
const BUBBLE = { cx: 0.5, cy: 0.465, hw: 0.265, hh: 0.19, r: 0.09 };
const TAIL = [
  [0.36, 0.62],
  [0.3, 0.775],
  [0.49, 0.62],
];
const STROKE = 0.03;
const CHEVRON = [
  [0.375, 0.395],
  [0.45, 0.465],
  [0.375, 0.535],
];
const UNDERSCORE = [
  [0.5, 0.535],
  [0.62, 0.535],
];

const TOP = srgb(0x4a, 0x90, 0xe2);
const BOTTOM = srgb(0x25, 0x5f, 0xb0);
const INK = srgb(0x25, 0x5f, 0xb0);
const WHITE = srgb(0xff, 0xff, 0xff);

function roundedBox(x, y, b) {
  const qx = Math.abs(x - b.cx) - (b.hw - b.r);
  const qy = Math.abs(y - b.cy) - (b.hh - b.r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - b.r;
}

function segment(x, y, [ax, ay], [bx, by]) {
  const px = x - ax;
  const py = y - ay;
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.min(1, Math.max(0, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - dx * t, py - dy * t);
}

/** exact signed distance to a triangle: negative inside */
function triangle(x, y, pts) {
  let d = Infinity;
  let left = 0;
  let right = 0;
  for (let i = 0; i < 3; i += 1) {
    const a = pts[i];
    const b = pts[(i + 1) % 3];
    d = Math.min(d, segment(x, y, a, b));
    const cross = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    if (cross < 0) left += 1;
    else right += 1;
  }
  // inside when the point is on the same side of all three edges, whichever way they wind
  return left === 3 || right === 3 ? -d : d;
}

/** union that rounds the joint, so the tail grows out of the bubble without a notch */
function smoothUnion(a, b, k) {
  const h = Math.min(1, Math.max(0, 0.5 + (0.5 * (b - a)) / k));
  return b * (1 - h) + a * h - k * h * (1 - h);
}

/** share of a pixel of width `px` that a shape with signed distance `d` covers */
function coverage(d, px) {
  return Math.min(1, Math.max(0, 0.5 - d / px));
}

/** RGBA pixels (straight alpha, sRGB) of the mark at size x size */
export function drawIcon(size) {
  const px = 1 / size;
  const out = Buffer.alloc(size * size * 4);
  for (let j = 0; j < size; j += 1) {
    const y = (j + 0.5) * px;
    const background = mix(TOP, BOTTOM, smoothstep(TILE.cy - TILE.hh, TILE.cy + TILE.hh, y));
    for (let i = 0; i < size; i += 1) {
      const x = (i + 0.5) * px;
      const tile = coverage(roundedBox(x, y, TILE), px);
      if (tile === 0) continue;
      const bubble = coverage(smoothUnion(roundedBox(x, y, BUBBLE), triangle(x, y, TAIL), 0.012), px);
      const prompt =
        Math.min(
          segment(x, y, CHEVRON[0], CHEVRON[1]),
          segment(x, y, CHEVRON[1], CHEVRON[2]),
          segment(x, y, UNDERSCORE[0], UNDERSCORE[1]),
        ) - STROKE;
      const ink = coverage(prompt, px) * bubble;
      // Colours blend in linear light (gamma-correct edges); coverage of the tile becomes alpha.
      const colour = mix(mix(background, WHITE, bubble), INK, ink);
      const o = (j * size + i) * 4;
      out[o] = toSrgb8(colour[0]);
      out[o + 1] = toSrgb8(colour[1]);
      out[o + 2] = toSrgb8(colour[2]);
      out[o + 3] = Math.round(tile * 255);
    }
  }
  return out;
}

function srgb(r, g, b) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [lin(r), lin(g), lin(b)];
}

function toSrgb8(l) {
  const s = l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, s)) * 255);
}

function mix(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function smoothstep(e0, e1, x) {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

// ---- encoders -------------------------------------------------------------------------------

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** 8-bit RGBA PNG; every row uses the Sub filter, which suits flat colour areas */
export function encodePng(rgba, size) {
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y += 1) {
    const row = y * (stride + 1);
    raw[row] = 1;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= 4 ? rgba[y * stride + x - 4] : 0;
      raw[row + 1 + x] = (rgba[y * stride + x] - left) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** .ico whose entries are PNGs (supported by Windows since Vista, and by NSIS and rcedit) */
export function encodeIco(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  for (const { size, png } of pngs) {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    entries.push(e);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.png)]);
}

/** .icns: big-endian 'icns' + total length, then (type, length incl. 8-byte header, data) */
export function encodeIcns(entries) {
  const parts = entries.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

function main() {
  const cache = new Map();
  const pngOf = (size) => {
    if (!cache.has(size)) cache.set(size, encodePng(drawIcon(size), size));
    return cache.get(size);
  };
  writeFileSync(`${RESOURCES}icon.png`, pngOf(PNG_SIZE));
  writeFileSync(`${RESOURCES}icon.ico`, encodeIco(ICO_SIZES.map((size) => ({ size, png: pngOf(size) }))));
  writeFileSync(`${RESOURCES}icon.icns`, encodeIcns(ICNS_ENTRIES.map(({ type, size }) => ({ type, png: pngOf(size) }))));
  console.log(
    `icons written to ${RESOURCES} (png ${PNG_SIZE}, ico ${ICO_SIZES.join('/')}, icns ${ICNS_ENTRIES.map((e) => e.type).join('/')})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
