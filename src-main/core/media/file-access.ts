// The two file operations the request builder needs, behind a port so tests can count them
// (e.g. prove a too-large file is rejected from its size alone, never read).
import { open, stat } from 'node:fs/promises';

export interface FileAccess {
  /** size and kind without reading any content */
  stat(path: string): Promise<{ size: number; isFile: boolean }>;
  /** at most `bytes` leading bytes */
  readHead(path: string, bytes: number): Promise<Uint8Array>;
}

export const nodeFileAccess: FileAccess = {
  async stat(path) {
    const s = await stat(path);
    return { size: s.size, isFile: s.isFile() };
  },
  async readHead(path, bytes) {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      let filled = 0;
      while (filled < bytes) {
        const { bytesRead } = await handle.read(buffer, filled, bytes - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    } finally {
      await handle.close();
    }
  },
};
