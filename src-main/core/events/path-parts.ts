// The parts of a dotted field path ('errors.0.title'), split once per path: the event finders
// look up a few dozen constant paths in every object of every payload, and splitting each at
// every look-up was a tenth of reading a webhook's events. Pure.
const SPLIT = new Map<string, readonly string[]>();
/** far more than the finders' constant paths: a path built from input is split each time instead of kept */
const KEPT_PATHS = 512;

export function pathParts(path: string): readonly string[] {
  let parts = SPLIT.get(path);
  if (parts === undefined) {
    parts = path.split('.');
    if (SPLIT.size < KEPT_PATHS) SPLIT.set(path, parts);
  }
  return parts;
}
