// Reads the operating system's proxy answer for one URL, written as a PAC script answers:
// entries separated by ';', tried in order ("PROXY proxy.corp:3128; DIRECT"). The installed app
// gets it from Chromium, which has already applied the OS settings, the PAC file and its bypass
// list. Pure, so every shape of answer is tested without a network.

export type PacChoice =
  | { kind: 'direct' }
  /** an http:// or https:// proxy URL, as undici's ProxyAgent takes it */
  | { kind: 'proxy'; url: string }
  /** nothing in the answer can be used: `reason` says why, in a sentence for the person */
  | { kind: 'unusable'; reason: string };

type PacEntry = { kind: 'direct' } | { kind: 'proxy'; url: string } | { kind: 'socks'; written: string } | { kind: 'unreadable' };

/** the way out to use: the first entry the app can use, in the answer's own order */
export function choosePacEntry(answer: string, origin: string): PacChoice {
  const entries = answer
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(readEntry);
  for (const entry of entries) {
    if (entry.kind === 'direct' || entry.kind === 'proxy') return entry;
  }
  // A SOCKS proxy is not something the HTTP client can tunnel through. Connecting directly
  // instead would go round a proxy the person (or their company) set up, so that happens only
  // where the answer itself offers DIRECT, and then the loop above already took it.
  const socks = entries.find((entry): entry is Extract<PacEntry, { kind: 'socks' }> => entry.kind === 'socks');
  if (socks !== undefined) {
    return {
      kind: 'unusable',
      reason:
        `The system proxy settings send ${origin} through a SOCKS proxy (${socks.written}), which CRM Console cannot use. ` +
        `Ask for an HTTP proxy in the system settings or the PAC file, or start CRM Console from a terminal with HTTPS_PROXY set.`,
    };
  }
  return {
    kind: 'unusable',
    reason: `The system proxy settings gave an answer for ${origin} that CRM Console cannot read ("${printable(answer)}").`,
  };
}

function readEntry(entry: string): PacEntry {
  const match = /^([A-Za-z0-9]+)(?:\s+(\S+))?$/.exec(entry);
  if (match === null) return { kind: 'unreadable' };
  const keyword = (match[1] ?? '').toUpperCase();
  const where = match[2];
  if (keyword === 'DIRECT') return where === undefined ? { kind: 'direct' } : { kind: 'unreadable' };
  if (where === undefined) return { kind: 'unreadable' };
  if (keyword === 'PROXY') return proxyEntry('http', where, 80);
  if (keyword === 'HTTPS') return proxyEntry('https', where, 443);
  if (keyword === 'SOCKS' || keyword === 'SOCKS4' || keyword === 'SOCKS5')
    return hostPort(where, 1080) === null ? { kind: 'unreadable' } : { kind: 'socks', written: `${keyword} ${where}` };
  return { kind: 'unreadable' };
}

function proxyEntry(scheme: 'http' | 'https', where: string, defaultPort: number): PacEntry {
  const host = hostPort(where, defaultPort);
  return host === null ? { kind: 'unreadable' } : { kind: 'proxy', url: `${scheme}://${host}` };
}

/** "host:port" (an IPv6 host in brackets) as URL normalises it, the port always written; null for anything else */
function hostPort(where: string, defaultPort: number): string | null {
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(:\d{1,5})?$/.test(where)) return null;
  try {
    const url = new URL(`http://${where}`);
    return url.port === '' ? `${url.hostname}:${where.endsWith(':80') ? 80 : defaultPort}` : url.host;
  } catch {
    return null;
  }
}

/** the answer as a message may quote it: short, one line, no control characters */
function printable(answer: string): string {
  const flat = [...answer]
    .map((ch) => (ch < ' ' || ch === '\u007f' ? ' ' : ch))
    .join('')
    .replace(/ +/g, ' ')
    .trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
