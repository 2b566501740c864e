// Flags of `npm run sandbox -- ...` (and of `crm sandbox`), parsed without side effects.
import type { SandboxDialect } from './types';
import { SANDBOX_DIALECTS } from './types';

export interface SandboxCliArgs {
  port: number;
  host: string;
  contacts?: number;
  seed?: number;
  rate?: number;
  burst?: number;
  dataFile?: string;
  dialect?: SandboxDialect;
  /** where events are POSTed (SandboxEventOptions.webhookUrl) */
  webhookUrl?: string;
  webhookSecret?: string;
  /** --revoke-delay: how long a deleted key keeps authenticating (ms) */
  revokeDelayMs?: number;
  /** --media-host: the host a meta media lookup names the file's url on (SandboxEventOptions.mediaHost) */
  mediaHost?: string;
  json: boolean;
}

export type ParsedSandboxArgs = { kind: 'run'; args: SandboxCliArgs } | { kind: 'help' } | { kind: 'error'; message: string };

export const DEFAULT_CLI_PORT = 4010;
/** the same 100,000 contacts the app's own sandbox has, so what is tried here behaves the same */
export const DEFAULT_CLI_CONTACTS = 100_000;

export const SANDBOX_USAGE = `Usage: npm run sandbox -- [options]

Starts the built-in CRM API sandbox (the whole HTTP API the console speaks) and prints its base URL and an admin key.

Options:
  --port N        port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free port)
  --host H        address to bind (default 127.0.0.1; anything else is reachable from the network)
  --contacts N    number of seeded contacts (default 100000, as in the app)
  --seed N        seed for the contacts (default 42)
  --rate R        requests per second per key (default 20)
  --burst B       token-bucket size per key (default 40)
  --data FILE     keep keys (hashes only), messages and idempotency records in FILE
  --dialect NAME  the API's shape: default (docs/API.md), cloud (like Meta's WhatsApp Cloud API),
                  desk (like green-api / Laravel CRMs), twilio (like Twilio's WhatsApp
                  messaging), evolution-v2 (like Evolution API v2), meta (Meta's Graph API
                  paths, media upload and errors) or wati (like Wati's session API);
                  its cURLs are shown at /playground
  --webhook-url URL
                  POST each message status and reply to URL (see the sandbox README)
  --webhook-secret S
                  sign those webhooks with S (HMAC-SHA256 of the body; Twilio's scheme for twilio)
  --revoke-delay D
                  a revoked key keeps working for D (e.g. 30s, 2m; default 0), as on real services
  --media-host H  meta: the media lookup answers the file's url on host H, same port (e.g. localhost
                  while the profile uses 127.0.0.1): another origin, as Meta's lookaside.fbsbx.com
  --json          print {"baseUrl","adminKey"} as the first line of stdout; logs go to stderr
  -h, --help      show this help
`;

type Flag =
  | 'port'
  | 'host'
  | 'contacts'
  | 'seed'
  | 'rate'
  | 'burst'
  | 'data'
  | 'dialect'
  | 'webhook-url'
  | 'webhook-secret'
  | 'revoke-delay'
  | 'media-host';
const VALUE_FLAGS: readonly Flag[] = [
  'port',
  'host',
  'contacts',
  'seed',
  'rate',
  'burst',
  'data',
  'dialect',
  'webhook-url',
  'webhook-secret',
  'revoke-delay',
  'media-host',
];

const DURATION_UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "30s", "2m", "500ms", "1h", or plain seconds ("30") */
function duration(flag: string, raw: string): number | string {
  const m = /^([0-9]+)(ms|s|m|h)?$/.exec(raw);
  const ms = m ? Number(m[1]) * DURATION_UNIT_MS[m[2] ?? 's']! : Number.NaN;
  return Number.isSafeInteger(ms) && ms <= 86_400_000
    ? ms
    : `--${flag} must be a duration such as 30s, 2m or 500ms (at most 24h), got "${raw}"`;
}

function isHttpUrl(raw: string): boolean {
  try {
    const { protocol } = new URL(raw);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function integer(flag: string, raw: string, min: number, max: number): number | string {
  const value = /^-?[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? value
    : `--${flag} must be an integer from ${min} to ${max}, got "${raw}"`;
}

export function parseSandboxArgs(argv: readonly string[]): ParsedSandboxArgs {
  const args: SandboxCliArgs = { port: DEFAULT_CLI_PORT, host: '127.0.0.1', contacts: DEFAULT_CLI_CONTACTS, json: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (arg === '--json') {
      args.json = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = (eq >= 0 ? arg.slice(0, eq) : arg).replace(/^--/, '') as Flag;
    if (!arg.startsWith('--') || !VALUE_FLAGS.includes(name)) return { kind: 'error', message: `unknown option "${arg}"` };
    const raw = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (raw === undefined || raw === '') return { kind: 'error', message: `--${name} needs a value` };
    let value: number | string;
    switch (name) {
      case 'port':
        value = integer(name, raw, 0, 65535);
        break;
      case 'contacts':
        value = integer(name, raw, 0, 10_000_000);
        break;
      case 'seed':
        value = integer(name, raw, -(2 ** 31), 2 ** 32 - 1);
        break;
      case 'burst':
        value = integer(name, raw, 1, 1_000_000_000);
        break;
      case 'rate': {
        const rate = /^[0-9]+(\.[0-9]+)?$/.test(raw) ? Number(raw) : Number.NaN;
        value = rate > 0 && Number.isFinite(rate) ? rate : `--rate must be a positive number, got "${raw}"`;
        break;
      }
      case 'dialect':
        if (!SANDBOX_DIALECTS.includes(raw as SandboxDialect)) {
          return { kind: 'error', message: `--dialect must be one of ${SANDBOX_DIALECTS.join(', ')}, got "${raw}"` };
        }
        args.dialect = raw as SandboxDialect;
        continue;
      case 'webhook-url':
        if (!isHttpUrl(raw)) return { kind: 'error', message: `--webhook-url must be an http(s) URL, got "${raw}"` };
        args.webhookUrl = raw;
        continue;
      case 'webhook-secret':
        args.webhookSecret = raw;
        continue;
      case 'media-host':
        // checked with the other event options when the sandbox starts
        args.mediaHost = raw;
        continue;
      case 'revoke-delay': {
        const ms = duration(name, raw);
        if (typeof ms === 'string') return { kind: 'error', message: ms };
        args.revokeDelayMs = ms;
        continue;
      }
      default:
        value = raw;
    }
    if (typeof value === 'string' && name !== 'host' && name !== 'data') return { kind: 'error', message: value };
    if (name === 'host') args.host = raw;
    else if (name === 'data') args.dataFile = raw;
    else args[name] = value as number;
  }
  return { kind: 'run', args };
}

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
