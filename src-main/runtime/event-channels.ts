// Which channel, besides webhooks, brings the active profile's message events to this window:
// its service's event stream when the API description names one, else polling its status route;
// a stream that the service refuses, or that keeps failing for about a minute, gives way to
// polling. Follows the active profile (and a change of its description or key). The channels
// themselves are core/events/event-stream.ts and status-poll.ts.
import type { Core } from '../core/create-core';
import { credentialOf, eventChannelsOf } from '../core/events/event-routes';
import { openEventStream, type EventStream, type EventStreamOptions, type StreamState } from '../core/events/event-stream';
import { startStatusPoll, statusAsker, type StatusPoll, type StatusPollOptions } from '../core/events/status-poll';
import { originOf } from '../core/keys/key-origin';
import type { Profile } from '../core/model';

/** consecutive failed tries (about a minute of back-off) after which polling helps out */
export const STREAM_FAILING_AFTER = 6;

export type StreamCondition = 'none' | 'working' | 'failing' | 'ended';

/** whether to run the stream and whether to poll, from what the description names and how the stream fares */
export function channelsToRun(names: { stream: boolean; status: boolean }, stream: StreamCondition): { stream: boolean; poll: boolean } {
  const streaming = names.stream && stream !== 'ended';
  return { stream: streaming, poll: names.status && (!streaming || stream === 'failing') };
}

/** how the stream fares after `state`; a new try says nothing yet (polling does not stop and start with each) */
export function conditionOf(state: StreamState, previous: StreamCondition): StreamCondition {
  if (state.kind === 'connecting') return previous;
  if (state.kind === 'ended') return 'ended';
  if (state.kind === 'retrying' && state.failures >= STREAM_FAILING_AFTER) return 'failing';
  return 'working';
}

export interface EventChannelsDeps {
  /** `network`: the way out the event stream takes (absent: the environment's) */
  core: Pick<Core, 'profiles' | 'keyAccess' | 'sender' | 'conversations' | 'history'> & Partial<Pick<Core, 'network'>>;
  log: (message: string) => void;
  /**
   * true for a profile whose service already posts its events to this window's webhook listener
   * (the built-in sandbox): a stream or polling would only bring each event a second time
   */
  heardByWebhook?: (profile: Profile) => boolean;
  /** for tests; default the real ones */
  openStream?: (options: EventStreamOptions) => EventStream;
  startPoll?: (options: StatusPollOptions) => StatusPoll;
}

export interface EventChannels {
  /** what runs now, for the log and tests */
  running(): { profileId: string | null; stream: boolean; poll: boolean };
  close(): Promise<void>;
}

interface Active {
  profile: Profile;
  /** what decides the channels: a change of it starts them again */
  signature: string;
  stream: EventStream | null;
  poll: StatusPoll | null;
  condition: StreamCondition;
}

function signatureOf(profile: Profile): string {
  return JSON.stringify([profile.id, profile.baseUrl, profile.activeKeyId, eventChannelsOf(profile), credentialOf(profile) ?? null]);
}

export function startEventChannels(deps: EventChannelsDeps): EventChannels {
  const { core, log } = deps;
  const openStream = deps.openStream ?? openEventStream;
  const startPoll = deps.startPoll ?? startStatusPoll;
  let active: Active | null = null;
  let closed = false;
  /** one change at a time, in order */
  let queue: Promise<void> = Promise.resolve();

  const stopAll = async (current: Active): Promise<void> => {
    const { stream, poll } = current;
    current.stream = null;
    current.poll = null;
    await Promise.allSettled([stream?.close(), poll?.close()]);
  };

  /** starts or stops the poll as the stream's condition says (the stream itself runs until it ends) */
  const apply = (current: Active): void => {
    if (closed || active !== current) return;
    const { streamUrl, statusPath } = eventChannelsOf(current.profile);
    const want = channelsToRun({ stream: streamUrl !== null, status: statusPath !== null }, current.condition);
    if (want.poll && current.poll === null && statusPath !== null) {
      log(`events of profile ${current.profile.id}: polling its status route`);
      const profileId = current.profile.id;
      current.poll = startPoll({
        profileId,
        unfinished: (id, since, limit) => core.conversations.unfinished(id, since, limit),
        ask: statusAsker(core, profileId, statusPath),
        receive: (id, payload) => core.conversations.receive(id, payload),
        log,
      });
    } else if (!want.poll && current.poll !== null) {
      const poll = current.poll;
      current.poll = null;
      void poll.close();
    }
  };

  const start = (profile: Profile): Active => {
    const current: Active = { profile, signature: signatureOf(profile), stream: null, poll: null, condition: 'none' };
    const { streamUrl } = eventChannelsOf(profile);
    if (streamUrl !== null) {
      current.condition = 'working';
      const streamOrigin = originOf(streamUrl);
      // a stream on another origin gets the key only if the key is bound there (key-vault.ts)
      const origin = streamOrigin !== null && streamOrigin !== originOf(profile.baseUrl) ? { origin: streamOrigin } : {};
      try {
        current.stream = openStream({
          profileId: profile.id,
          url: streamUrl,
          credential: credentialOf(profile),
          withKey: (fn) => core.keyAccess.withKey(profile.id, null, (key, signal) => fn(key, signal), origin),
          receive: (id, payload) => core.conversations.receive(id, payload),
          onState: (state) => {
            const condition = conditionOf(state, current.condition);
            if (condition === current.condition) return;
            current.condition = condition;
            apply(current);
          },
          log,
          ...(core.network ? { network: core.network } : {}),
        });
      } catch (err) {
        log(`events of profile ${profile.id}: the stream could not start (${err instanceof Error ? err.message : 'unknown error'})`);
        current.condition = 'ended';
      }
    }
    return current;
  };

  const follow = async (): Promise<void> => {
    if (closed) return;
    const profile = await core.profiles.active();
    if (active !== null && profile !== null && active.signature === signatureOf(profile)) {
      // the same channels: only the profile's other parts changed
      active.profile = profile;
      return;
    }
    if (active !== null) {
      const old = active;
      active = null;
      await stopAll(old);
    }
    if (profile === null || closed || deps.heardByWebhook?.(profile) === true) return;
    active = start(profile);
    apply(active);
  };

  const enqueue = (): void => {
    queue = queue.then(follow).catch((err: unknown) => log(`event channels: ${err instanceof Error ? err.message : 'unknown error'}`));
  };

  const profilesSubscription = core.profiles.onDidChange(enqueue);
  // a send the service took is the next message to ask about
  const historySubscription = core.history.onDidChange((change) => {
    if (active?.profile.id === change.profileId) void active.poll?.poke();
  });
  enqueue();

  return {
    running: () =>
      active === null
        ? { profileId: null, stream: false, poll: false }
        : { profileId: active.profile.id, stream: active.stream !== null && active.condition !== 'ended', poll: active.poll !== null },
    async close() {
      closed = true;
      profilesSubscription.dispose();
      historySubscription.dispose();
      await queue;
      if (active !== null) {
        const old = active;
        active = null;
        await stopAll(old);
      }
    },
  };
}
