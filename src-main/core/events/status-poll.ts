// Asks a service's status route about the profile's sent messages whose state is not final,
// for a service that offers no event stream (or while its stream is down): each answer goes to
// the conversations like an event would, and the conversation tables then say whether the
// message still waits. When and how often is poll-schedule.ts's; this file only does the asking.
import { CrmError } from '../errors';
import type { HttpSender } from '../http/sender';
import { callWithKey } from '../keys/api-call';
import type { ProfileManager } from '../profiles/profile-manager';
import type { KeyAccess } from '../services';
import { statusRequest } from './event-routes';
import { afterAnswer, due, holdAfter, nextWake, plan, POLL_MAX_AGE_MS, type PollAnswer, type PollEntry } from './poll-schedule';

/** unfinished messages considered at once (the newest) */
const TRACKED_LIMIT = 200;
/** asks made in one round; the rest wait for the next */
const ROUND_LIMIT = 10;

export interface StatusPollOptions {
  profileId: string;
  /** the profile's sends whose state is not final, newest first (ConversationService.unfinished) */
  unfinished(profileId: string, since: Date, limit: number): { messageId: string; sentAt: string }[];
  /** asks the service about one message; resolves with its answer's JSON, throws CrmError */
  ask(messageId: string, signal: AbortSignal): Promise<unknown>;
  receive(profileId: string, payload: unknown): unknown;
  log?: (message: string) => void;
  now?: () => number;
}

export interface StatusPoll {
  /**
   * look again now (a send was recorded): a new message is scheduled at once; resolves when a
   * round begun after this call has ended
   */
  poke(): Promise<void>;
  /** messages still to be asked about (not final, not given up) */
  waiting(): number;
  close(): Promise<void>;
}

/** what an ask's outcome means for the schedule */
export function answerOf(err: unknown): PollAnswer {
  if (err === null) return { kind: 'answered' };
  if (err instanceof CrmError && err.code === 'rate_limited') return { kind: 'rate_limited', retryAfterMs: err.retryAfterMs ?? null };
  if (err instanceof CrmError && err.status === 404) return { kind: 'not_found' };
  return { kind: 'failed' };
}

export function startStatusPoll(options: StatusPollOptions): StatusPoll {
  const now = options.now ?? Date.now;
  const stopper = new AbortController();
  let entries = new Map<string, PollEntry>();
  let holdUntil = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** the round asked for while one runs: it starts when that one ends */
  let again: Promise<void> | null = null;

  const log = (message: string): void => options.log?.(`status polling (profile ${options.profileId}): ${message}`);

  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopper.signal.aborted) return;
    const wake = nextWake(entries.values(), holdUntil);
    if (wake === null) return;
    timer = setTimeout(poke, Math.max(0, Math.min(wake - now(), 2 ** 31 - 1)));
    timer.unref();
  };

  const round = async (): Promise<void> => {
    const since = new Date(now() - POLL_MAX_AGE_MS);
    entries = plan(entries, options.unfinished(options.profileId, since, TRACKED_LIMIT), now());
    for (const entry of due(entries.values(), now(), holdUntil, ROUND_LIMIT)) {
      if (stopper.signal.aborted) return;
      let failure: unknown = null;
      try {
        options.receive(options.profileId, await options.ask(entry.messageId, stopper.signal));
      } catch (err) {
        if (stopper.signal.aborted) return;
        failure = err;
      }
      const answer = answerOf(failure);
      const updated = afterAnswer(entry, answer, now());
      entries.set(entry.messageId, updated);
      if (updated.nextAtMs === null) log(`gave up asking about ${entry.messageId} after ${updated.tries} tries`);
      holdUntil = holdAfter(answer, now(), holdUntil);
      if (answer.kind === 'rate_limited') break;
    }
    // what this round's answers made final leaves the schedule now, not at the next wake
    entries = plan(entries, options.unfinished(options.profileId, since, TRACKED_LIMIT), now());
  };

  function poke(): Promise<void> {
    if (stopper.signal.aborted) return Promise.resolve();
    if (running) {
      again ??= running.then(() => {
        again = null;
        return poke();
      });
      return again;
    }
    running = round()
      .catch((err: unknown) => log(`a round failed: ${err instanceof Error ? err.message : 'unknown error'}`))
      .finally(() => {
        running = null;
        schedule();
      });
    return running;
  }

  void poke();
  return {
    poke,
    waiting: () => [...entries.values()].filter((e) => e.nextAtMs !== null).length,
    async close() {
      stopper.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export interface StatusAskDeps {
  profiles: Pick<ProfileManager, 'get'>;
  keyAccess: KeyAccess;
  sender: HttpSender;
}

/**
 * The ask of a profile's status route: one try (the schedule owns the waits, a 429 included),
 * the key's last use left as it was (a background check says nothing the person did).
 */
export function statusAsker(
  deps: StatusAskDeps,
  profileId: string,
  statusPath: string,
): (messageId: string, signal: AbortSignal) => Promise<unknown> {
  return async (messageId, signal) => {
    const profile = await deps.profiles.get(profileId);
    const response = await callWithKey(deps, profile, null, statusRequest(profile, statusPath, messageId), {
      signal,
      maxAttempts: 1,
      noteUse: false,
    });
    return response.json;
  };
}
