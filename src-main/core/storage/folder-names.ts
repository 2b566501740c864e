// What a sweep of a folder reads first: the names in it.
import { readdir } from 'node:fs/promises';

/** the names in `dir`; none when it cannot be read (not made yet, or gone): a sweep then has nothing to do */
export async function namesInFolder(dir: string): Promise<string[]> {
  return readdir(dir).catch((): string[] => []);
}
