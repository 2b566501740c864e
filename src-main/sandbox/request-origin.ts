// The base URL a request came to, for pages that show ready-to-copy URLs (the playground).
// The Host header is used only when it is a plain host[:port]: anything else (quotes, spaces,
// paths, a forged value) could break out of the quoted URL in a shell command, so the
// listening address is used instead.

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;

export function requestOrigin(host: string | undefined, fallback: string): string {
  if (host === undefined || host.length > 300 || !HOST.test(host)) return fallback;
  const port = /:([0-9]+)$/.exec(host)?.[1];
  return port === undefined || Number(port) <= 65535 ? `http://${host}` : fallback;
}
