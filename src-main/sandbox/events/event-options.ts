// The event options as the clock and the webhook sender read them: defaults filled in, numbers
// reduced to digits (so "+55 11 99999-0000" names the same recipient as the stored number), and
// every value checked, because a test or the CLI may change them while the sandbox runs.
import type { SandboxEventOptions } from '../types';
import { MEDIA_SAMPLES, type ReplyMediaKind } from './media-samples';

export interface EventSettings {
  statusDelaysMs: readonly [number, number, number];
  failNumbers: ReadonlySet<string>;
  replyFrom: ReadonlySet<string>;
  replyDelayMs: number;
  replyText: string;
  replyMedia: ReplyMediaKind | 'location' | 'contacts' | null;
  replyQuotes: boolean;
  replyReaction: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  webhookRetryDelaysMs: readonly number[];
  /** the host of the file's url a meta media lookup answers; null: the host the lookup came to */
  mediaHost: string | null;
}

export const DEFAULT_EVENT_SETTINGS: EventSettings = {
  statusDelaysMs: [300, 800, 1500],
  failNumbers: new Set(),
  replyFrom: new Set(),
  replyDelayMs: 2000,
  replyText: 'Thanks, got it',
  replyMedia: null,
  replyQuotes: false,
  replyReaction: null,
  webhookUrl: null,
  webhookSecret: null,
  webhookRetryDelaysMs: [500, 2000, 8000],
  mediaHost: null,
};

/** a host name or a bracketed IPv6 address, without a port */
const HOST_NAME =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])$/;

/** a day: longer is a mistake (and setTimeout cannot wait past 24.8 days anyway) */
const MAX_DELAY_MS = 24 * 3600 * 1000;
const MAX_RETRIES = 10;

function check(ok: boolean, message: string): void {
  if (!ok) throw new TypeError(`events: ${message}`);
}

function isDelay(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_DELAY_MS;
}

function numbers(name: string, list: unknown): Set<string> {
  check(Array.isArray(list), `${name} must be an array of phone numbers`);
  const digits = new Set<string>();
  for (const item of list as unknown[]) {
    const only = typeof item === 'string' ? item.replace(/[^0-9]/g, '') : '';
    check(only.length >= 8 && only.length <= 15, `${name} has "${String(item)}", not a phone number of 8 to 15 digits`);
    digits.add(only);
  }
  return digits;
}

function webhookUrl(value: unknown): string | null {
  if (value === null || value === '') return null;
  check(typeof value === 'string', 'webhookUrl must be an http(s) URL or null');
  let url: URL | null;
  try {
    url = new URL(value as string);
  } catch {
    url = null;
  }
  check(
    url !== null && (url.protocol === 'http:' || url.protocol === 'https:'),
    `webhookUrl must be an http(s) URL, got "${String(value)}"`,
  );
  return value as string;
}

/** `current` with what `partial` names replaced; throws TypeError on a bad value, changing nothing. */
export function mergeEventSettings(current: EventSettings, partial: SandboxEventOptions): EventSettings {
  const next: EventSettings = { ...current };
  const p = partial as Record<keyof SandboxEventOptions, unknown>;
  if (p.statusDelaysMs !== undefined) {
    const d = p.statusDelaysMs;
    check(
      Array.isArray(d) && d.length === 3 && d.every(isDelay),
      `statusDelaysMs must be three delays from 0 to ${MAX_DELAY_MS} ms: [sent, delivered, read]`,
    );
    const [sent, delivered, read] = d as number[];
    // each status comes no earlier than the one before it
    next.statusDelaysMs = [sent!, Math.max(sent!, delivered!), Math.max(sent!, delivered!, read!)];
  }
  if (p.failNumbers !== undefined) next.failNumbers = numbers('failNumbers', p.failNumbers);
  if (p.replyFrom !== undefined) next.replyFrom = numbers('replyFrom', p.replyFrom);
  if (p.replyDelayMs !== undefined) {
    check(isDelay(p.replyDelayMs), `replyDelayMs must be from 0 to ${MAX_DELAY_MS} ms`);
    next.replyDelayMs = p.replyDelayMs as number;
  }
  if (p.replyText !== undefined) {
    check(
      typeof p.replyText === 'string' && p.replyText.length >= 1 && p.replyText.length <= 4096,
      'replyText must be 1 to 4096 characters',
    );
    next.replyText = p.replyText as string;
  }
  if (p.replyMedia !== undefined) {
    check(
      p.replyMedia === null ||
        p.replyMedia === 'location' ||
        p.replyMedia === 'contacts' ||
        (typeof p.replyMedia === 'string' && p.replyMedia in MEDIA_SAMPLES),
      'replyMedia must be "image", "audio", "document", "location", "contacts" or null',
    );
    next.replyMedia = p.replyMedia as ReplyMediaKind | 'location' | 'contacts' | null;
  }
  if (p.replyQuotes !== undefined) {
    check(typeof p.replyQuotes === 'boolean', 'replyQuotes must be true or false');
    next.replyQuotes = p.replyQuotes as boolean;
  }
  if (p.replyReaction !== undefined) {
    check(
      p.replyReaction === null || (typeof p.replyReaction === 'string' && p.replyReaction.length >= 1 && [...p.replyReaction].length <= 10),
      'replyReaction must be one emoji or null',
    );
    next.replyReaction = p.replyReaction as string | null;
  }
  if (p.webhookUrl !== undefined) next.webhookUrl = webhookUrl(p.webhookUrl);
  if (p.webhookSecret !== undefined) {
    check(p.webhookSecret === null || typeof p.webhookSecret === 'string', 'webhookSecret must be a string or null');
    next.webhookSecret = p.webhookSecret === '' ? null : (p.webhookSecret as string | null);
  }
  if (p.webhookRetryDelaysMs !== undefined) {
    const r = p.webhookRetryDelaysMs;
    check(
      Array.isArray(r) && r.length <= MAX_RETRIES && r.every(isDelay),
      `webhookRetryDelaysMs must be at most ${MAX_RETRIES} delays in ms`,
    );
    next.webhookRetryDelaysMs = [...(r as number[])];
  }
  if (p.mediaHost !== undefined) {
    check(
      p.mediaHost === null || (typeof p.mediaHost === 'string' && p.mediaHost.length <= 253 && HOST_NAME.test(p.mediaHost)),
      `mediaHost must be a host name such as "localhost" (no scheme or port) or null, got "${String(p.mediaHost).slice(0, 80)}"`,
    );
    next.mediaHost = p.mediaHost === null ? null : (p.mediaHost as string).toLowerCase();
  }
  return next;
}
