// Headers as they may be shown or logged: the Authorization value never leaves the sender.

export const REDACTED_AUTHORIZATION = 'Bearer ***';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') out[name] = REDACTED_AUTHORIZATION;
    else if (lower === 'cookie' || lower === 'proxy-authorization' || lower === 'x-api-key') out[name] = '***';
    else out[name] = value;
  }
  return out;
}

/** Removes a secret from a text that may have picked it up (e.g. a server echoing the key back). */
export function scrubSecret(text: string, secret: string): string {
  if (secret.length < 4) return text;
  return text.split(secret).join('***');
}
