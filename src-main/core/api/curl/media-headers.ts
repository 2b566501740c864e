// Accept and Content-Type in a pasted example. The app sends `Accept: application/json` and the
// body's own Content-Type by itself; a value of the service's own (application/vnd.api+json, a
// charset parameter) is kept in the description and sent as curl sends it. A multipart type is
// never kept: its boundary is the sender's. Pure.

/** type/subtype with optional parameters, or a list of them (an Accept header) */
const MEDIA_RANGE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+([ \t]*[;,][ \t]*[\x20-\x7e]*)?$/i;

/** What the app would send anyway: kept out of the description so it stays as it always was. */
const APP_SENDS: Readonly<Record<string, readonly string[]>> = {
  accept: ['application/json'],
  'content-type': ['application/json', 'application/x-www-form-urlencoded'],
};

/** Whether an example's Accept or Content-Type (`lowerName`) carries a value the app must send as given. */
export function isServiceMediaHeader(lowerName: string, value: string): boolean {
  const defaults = APP_SENDS[lowerName];
  if (defaults === undefined) return false;
  const text = value.trim().toLowerCase();
  if (text.length > 200 || !MEDIA_RANGE.test(text) || text.startsWith('multipart/')) return false;
  return !defaults.includes(text);
}
