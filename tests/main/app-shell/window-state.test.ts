import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_SIZE, restoreBounds, WindowStateStore } from '../../../src-main/app-shell/window-state';
import { tempDir } from '../helpers/temp-dir';

const screenA = { x: 0, y: 0, width: 1920, height: 1080 };
const screenB = { x: 1920, y: 0, width: 1280, height: 1024 };

describe('restoreBounds', () => {
  it('keeps a window that is visible on a current display', () => {
    expect(restoreBounds({ x: 100, y: 80, width: 1000, height: 700 }, [screenA])).toEqual({ x: 100, y: 80, width: 1000, height: 700 });
    expect(restoreBounds({ x: 2000, y: 10, width: 900, height: 600 }, [screenA, screenB])).toEqual({
      x: 2000,
      y: 10,
      width: 900,
      height: 600,
    });
  });

  it('re-centres a window saved on a display that is gone', () => {
    expect(restoreBounds({ x: 2000, y: 10, width: 900, height: 600 }, [screenA])).toEqual({ x: 510, y: 240, width: 900, height: 600 });
  });

  it('enforces the minimum size and rejects garbage', () => {
    expect(restoreBounds({ x: 0, y: 0, width: 10, height: 10 }, [screenA])).toEqual({ x: 0, y: 0, ...MIN_SIZE });
    expect(restoreBounds({ x: Number.NaN, y: 0, width: 800, height: 600 }, [screenA])).toBeNull();
    expect(restoreBounds(null, [screenA])).toBeNull();
  });
});

describe('WindowStateStore', () => {
  it('round-trips and survives a corrupt file', async () => {
    const dir = await tempDir('crm-ws-');
    const store = new WindowStateStore(dir);
    expect(await store.load()).toEqual({ bounds: null, maximized: false });
    await store.save({ bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: true });
    expect(JSON.parse(await readFile(join(dir, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 1, y: 2, width: 800, height: 600 },
      maximized: true,
    });
    expect(await new WindowStateStore(dir).load()).toEqual({ bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: true });
    await writeFile(join(dir, 'window-state.json'), '{"bounds": {"x": 1');
    expect(await new WindowStateStore(dir).load()).toEqual({ bounds: null, maximized: false });
  });
});
