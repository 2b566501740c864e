// What a pasted cURL says about the service before main reads it: the host its URL names, as a
// name to propose for a new profile. Pure; main reads the cURL itself (api:import-curl).

/** the host (without a port) of the first http(s) URL in the text; null when there is none */
export function hostOfCurl(curl: string): string | null {
  const match = /https?:\/\/[^\s'"\\]+/i.exec(curl);
  if (match === null) return null;
  try {
    return new URL(match[0]).hostname || null;
  } catch {
    return null;
  }
}
