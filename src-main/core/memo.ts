// A bounded cache for pure functions of one string, for checks that run on every request with
// the same few inputs (a profile's base URL, its paths). Cleared whole when full: the inputs
// are a handful of profile settings, so it never churns in practice.
export function memoByText<T>(fn: (text: string) => T, max = 64): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (cache.has(text)) return cache.get(text) as T;
    const value = fn(text);
    if (cache.size >= max) cache.clear();
    cache.set(text, value);
    return value;
  };
}
