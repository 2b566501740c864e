// Reading a value at a dotted path in untrusted JSON: `data`, `meta.total`, `messages[0].id`.
// '' is the document itself. Only own properties are followed, so `__proto__` or `constructor`
// in a path finds nothing. Pure.
import { memoByText } from '../../memo';

export function getPath(root: unknown, path: string): unknown {
  if (path === '') return root;
  return getSteps(root, splitPath(path));
}

/** getPath with the path already split (splitPath): for a path read in every item of a list */
export function getSteps(root: unknown, steps: readonly (string | number)[]): unknown {
  let node: unknown = root;
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) return undefined;
      node = node[step];
    } else {
      if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, step))
        return undefined;
      node = (node as Record<string, unknown>)[step];
    }
  }
  return node;
}

/** `a.b[0].c` -> ['a', 'b', 0, 'c']; the same few paths are read on every answer, so remembered. */
export const splitPath = memoByText((path: string): readonly (string | number)[] => split(path), 256);

function split(path: string): (string | number)[] {
  const steps: (string | number)[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d{1,6}\])*)$/.exec(part);
    if (!match) {
      steps.push(part);
      continue;
    }
    if (match[1] !== '') steps.push(match[1]!);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) steps.push(Number(index[1]));
  }
  return steps;
}

/** The first of `candidates` that holds a value accepted by `accept`. */
export function firstPath(root: unknown, candidates: readonly string[], accept: (value: unknown) => boolean): string | null {
  for (const candidate of candidates) if (accept(getPath(root, candidate))) return candidate;
  return null;
}
