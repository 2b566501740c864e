// What `npm start` remembers between starts (scripts/start-memory.mjs): no build when nothing it
// reads changed, and no new Electron download attempt (and no "fetching" line) for a version
// whose download already failed.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildIsFresh,
  electronDownloadFailed,
  newestInputMs,
  rememberElectronDownloadFailed,
  windowBuildState,
} from '../../../scripts/start-memory.mjs';

let root = '';
afterEach(async () => {
  if (root !== '') await rm(root, { recursive: true, force: true });
});

async function project(): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'crm-start-memory-'));
  await mkdir(join(root, 'src-main/core'), { recursive: true });
  await writeFile(join(root, 'src-main/core/a.ts'), 'export const a = 1;\n');
  await writeFile(join(root, 'package.json'), '{}\n');
  for (const out of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    await mkdir(join(root, out, '..'), { recursive: true });
    await writeFile(join(root, out), '');
  }
  return root;
}

describe('the window build', () => {
  it('is built on the first start, not on the next, and again after a source file changes', async () => {
    const dir = await project();
    const first = windowBuildState(dir);
    expect(first.fresh).toBe(false);
    first.remember();
    expect(windowBuildState(dir).fresh).toBe(true);
    const later = new Date(Date.now() + 5_000);
    await utimes(join(dir, 'src-main/core/a.ts'), later, later);
    expect(windowBuildState(dir).fresh).toBe(false);
  });

  it('is built again when its output is gone or another Node made it, whatever the stamp says', () => {
    const stamp = { inputsMs: 2_000, node: 'v20.19.0' };
    expect(buildIsFresh({ stamp, newestMs: 1_000, outputsPresent: true, nodeVersion: 'v20.19.0' })).toBe(true);
    expect(buildIsFresh({ stamp, newestMs: 1_000, outputsPresent: false, nodeVersion: 'v20.19.0' })).toBe(false);
    expect(buildIsFresh({ stamp, newestMs: 1_000, outputsPresent: true, nodeVersion: 'v22.13.0' })).toBe(false);
    expect(buildIsFresh({ stamp, newestMs: 3_000, outputsPresent: true, nodeVersion: 'v20.19.0' })).toBe(false);
    expect(buildIsFresh({ stamp: null, newestMs: 0, outputsPresent: true, nodeVersion: 'v20.19.0' })).toBe(false);
  });

  it('sees files in nested folders and ignores inputs that do not exist', async () => {
    const dir = await project();
    const deep = join(dir, 'src-main/core/deep/er');
    await mkdir(deep, { recursive: true });
    await writeFile(join(deep, 'b.ts'), '');
    const future = new Date(Date.now() + 60_000);
    await utimes(join(deep, 'b.ts'), future, future);
    // file times are kept at the file system's own precision, a fraction of a millisecond off
    expect(newestInputMs(dir)).toBeCloseTo(future.getTime(), -1);
    expect(newestInputMs(dir, ['missing-folder'])).toBe(0);
  });
});

describe('a failed Electron download', () => {
  it('is remembered for that Electron version only', async () => {
    const dir = await project();
    expect(electronDownloadFailed(dir, '45.4.1')).toBeNull();
    rememberElectronDownloadFailed(dir, '45.4.1', new Date('2026-11-26T10:00:00Z'));
    expect(electronDownloadFailed(dir, '45.4.1')).toBe('2026-11-26T10:00:00.000Z');
    // a new Electron version is worth one more try
    expect(electronDownloadFailed(dir, '46.0.0')).toBeNull();
  });
});
