// Which proxy a request to an origin goes through, from every source the process has, in
// order: this machine is always reached directly; then the environment's variables, when they
// say anything about the origin (proxy-env.ts); then the operating system's settings, where the
// host can ask for them (the installed app: Chromium's answer from the OS settings or PAC file).
// The OS's answer is kept for a short while per origin, so a run of requests asks once.
import { CrmError } from '../../errors';
import { choosePacEntry } from './pac-answer';
import { environmentDecides, isLoopbackHost, proxyForOrigin } from './proxy-env';

/** the OS's proxy for a URL, written as a PAC script answers ("PROXY host:port; DIRECT") */
export type ResolveProxy = (url: string) => Promise<string>;

export interface ProxyChoiceOptions {
  env: Record<string, string | undefined>;
  /** absent: the environment alone decides (the `crm` command, the Chromium host) */
  resolveProxy?: ResolveProxy | undefined;
  /** how long the OS's answer for an origin is used before it is asked again; default 60 s */
  keepMs?: number;
  now?: () => number;
}

interface Kept {
  at: number;
  answer: Promise<string | null>;
}

/** keeps at most this many origins' answers: the app talks to a handful */
const MAX_KEPT = 200;

/** the proxy URL for an origin, or null to connect directly; rejects with a CrmError when the OS names a way out the app cannot use */
export function createProxyChoice(options: ProxyChoiceOptions): (origin: string) => Promise<string | null> {
  const { env, resolveProxy } = options;
  const keepMs = options.keepMs ?? 60_000;
  const now = options.now ?? Date.now;
  const kept = new Map<string, Kept>();

  const askOs = async (ask: ResolveProxy, origin: string): Promise<string | null> => {
    let answer: string;
    try {
      // Chromium answers for a URL; the origin's root stands for every path under it
      answer = await ask(`${origin}/`);
    } catch {
      throw new CrmError('network', `The system proxy settings could not be read for ${origin}.`, { unsent: true });
    }
    const choice = choosePacEntry(answer, origin);
    if (choice.kind === 'unusable') throw new CrmError('network', choice.reason, { unsent: true });
    return choice.kind === 'proxy' ? choice.url : null;
  };

  return async (origin) => {
    let hostname: string;
    try {
      hostname = new URL(origin).hostname;
    } catch {
      return null;
    }
    if (isLoopbackHost(hostname) || resolveProxy === undefined || environmentDecides(origin, env)) return proxyForOrigin(origin, env);
    const at = now();
    const hit = kept.get(origin);
    if (hit !== undefined && at - hit.at < keepMs) return hit.answer;
    if (kept.size >= MAX_KEPT) kept.clear();
    const answer = askOs(resolveProxy, origin);
    kept.set(origin, { at, answer });
    // a failed question is asked again next time, not remembered
    answer.catch(() => {
      if (kept.get(origin)?.answer === answer) kept.delete(origin);
    });
    return answer;
  };
}
