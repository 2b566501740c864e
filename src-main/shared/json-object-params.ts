// A template's parameters written as one JSON object inside one field, keyed by position:
// `{"1":"Ana","2":"#1042"}` for {{1}} and {{2}} (how Twilio's Content API takes them in its
// ContentVariables form field). Writing them and telling an example of them apart. Pure: the
// window's mapping editor may read it too.

/** The parameters as the object's text, keys "1".."n" in order. */
export function writeJsonObjectParams(params: readonly string[]): string {
  const out: Record<string, string> = {};
  params.forEach((param, i) => (out[String(i + 1)] = param));
  return JSON.stringify(out);
}

/**
 * The parameters an example's text holds, or null when it is not such an object: a JSON object
 * of string values whose keys are exactly "1".."n" (n at least 1).
 */
export function readJsonObjectParams(text: string): string[] | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  if (entries.length === 0) return null;
  const params: string[] = [];
  for (let i = 1; i <= entries.length; i++) {
    const value = (parsed as Record<string, unknown>)[String(i)];
    if (typeof value !== 'string') return null;
    params.push(value);
  }
  return params;
}
