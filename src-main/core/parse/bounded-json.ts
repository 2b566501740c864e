// JSON from a paste, parsed only after a cheap scan shows it is small and shallow enough.
// JSON.parse and every recursive walk after it (role guessing, rendering, saving) would
// otherwise meet `[[[[...` thousands deep with a stack overflow, reported as an internal error.
// The scan is one forward pass that skips strings and counts open brackets; it does not
// validate anything else (JSON.parse does).

export interface JsonBounds {
  /** most nested arrays/objects */
  maxDepth: number;
  /** most UTF-16 characters of text */
  maxChars: number;
}

/** What a pasted example body may be: deeper than any real API's body, far below the stack. */
export const PASTED_JSON_BOUNDS: JsonBounds = { maxDepth: 64, maxChars: 256 * 1024 };

export class JsonBoundsError extends Error {
  constructor(
    readonly reason: 'too_deep' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'JsonBoundsError';
  }
}

/** Throws JsonBoundsError when `text` is larger or nested deeper than `bounds`. */
export function checkJsonBounds(text: string, bounds: JsonBounds = PASTED_JSON_BOUNDS): void {
  if (text.length > bounds.maxChars) {
    throw new JsonBoundsError('too_large', `the JSON is larger than ${Math.floor(bounds.maxChars / 1024)} KiB`);
  }
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > bounds.maxDepth)
        throw new JsonBoundsError('too_deep', `the JSON is nested too deeply (more than ${bounds.maxDepth} levels)`);
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
}

/** JSON.parse after checkJsonBounds; JSON.parse's own SyntaxError for text that is not JSON. */
export function parseBoundedJson(
  text: string,
  bounds: JsonBounds = PASTED_JSON_BOUNDS,
  reviver?: (key: string, value: unknown) => unknown,
): unknown {
  checkJsonBounds(text, bounds);
  return JSON.parse(text, reviver) as unknown;
}

/** Index of the quote closing the string opened at `at` (the last index when unterminated). */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x22) return i;
  }
  return text.length;
}
