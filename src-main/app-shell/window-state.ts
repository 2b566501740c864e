// Remembers the window's size and position across launches, clamped to the displays that
// exist now so a window saved on an unplugged monitor does not open off-screen.
import { join } from 'node:path';
import { readJsonFile, writeJsonAtomic } from '../core/storage/atomic-file';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds | null;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
export const MIN_SIZE = { width: 720, height: 480 } as const;

const isFiniteBounds = (b: unknown): b is Bounds =>
  typeof b === 'object' && b !== null && ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((b as Record<string, unknown>)[k]));

/** Keeps the saved bounds when at least a 100x50 piece of the title area is on some display; otherwise centres a default window on the first display. */
export function restoreBounds(saved: Bounds | null, workAreas: Bounds[]): Bounds | null {
  if (!saved || !isFiniteBounds(saved)) return null;
  const width = Math.max(MIN_SIZE.width, Math.round(saved.width));
  const height = Math.max(MIN_SIZE.height, Math.round(saved.height));
  const visible = workAreas.some((a) => {
    const overlapX = Math.min(saved.x + width, a.x + a.width) - Math.max(saved.x, a.x);
    const overlapY = Math.min(saved.y + 50, a.y + a.height) - Math.max(saved.y, a.y);
    return overlapX >= 100 && overlapY >= 50;
  });
  if (visible) return { x: Math.round(saved.x), y: Math.round(saved.y), width, height };
  const first = workAreas[0];
  if (!first) return null;
  const w = Math.min(width, first.width);
  const h = Math.min(height, first.height);
  return { x: first.x + Math.round((first.width - w) / 2), y: first.y + Math.round((first.height - h) / 2), width: w, height: h };
}

export class WindowStateStore {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'window-state.json');
  }

  async load(): Promise<WindowState> {
    const { value } = await readJsonFile<Partial<WindowState>>(this.file, {});
    return { bounds: isFiniteBounds(value.bounds) ? value.bounds : null, maximized: value.maximized === true };
  }

  async save(state: WindowState): Promise<void> {
    await writeJsonAtomic(this.file, state);
  }
}
