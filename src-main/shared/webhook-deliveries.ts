// The webhook inspector's kept deliveries as both processes see them: the window's Events list,
// `crm webhooks log`, and the one line that says what each became. Pure.

/**
 * The signature check's word on a delivery:
 * - valid / missing / invalid: the profile has a secret and the body was checked against it;
 * - unsigned: the profile has no secret, so nothing was checked;
 * - not_checked: refused before the body was read (a browser's request, a body too large), or a replay.
 */
export type DeliveryVerdict = 'valid' | 'missing' | 'invalid' | 'unsigned' | 'not_checked';

/** what the app made of one event a delivery held */
export type DeliveryEffect =
  { kind: 'reply'; number: string; messageId: string } | { kind: 'state'; messageId: string; state: string; reason: string | null };

/** one kept delivery, as every reader sees it (scrubbed: no signature, token or key value) */
export interface KeptDelivery {
  /** the row's number: newer deliveries have larger ones (a follower asks for those after the last it saw) */
  seq: number;
  id: string;
  profileId: string;
  at: string;
  source: string | null;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** cut to the kept size; null when the body was never read */
  body: string | null;
  /** the body's size as received */
  bodyBytes: number;
  /** the body was longer than the inspector keeps: it cannot be replayed */
  bodyCut: boolean;
  verdict: DeliveryVerdict;
  status: number;
  /** why it was refused or ignored; null when it was taken with events in it */
  problem: string | null;
  effects: DeliveryEffect[];
  /** how many of its events changed something (0: all were known already); null: not handed on */
  changed: number | null;
  /** the delivery this one replayed; null: a post from outside */
  replayOf: string | null;
}

export function effectWords(effect: DeliveryEffect): string {
  if (effect.kind === 'reply') return `reply from +${effect.number} (${effect.messageId})`;
  return `message ${effect.messageId} ${effect.state}${effect.reason === null ? '' : ` (${effect.reason})`}`;
}

/** "reply from +5511... (in_1)", "ignored: no message event in it", "refused: signature invalid" */
export function deliveryWords(delivery: Pick<KeptDelivery, 'status' | 'problem' | 'effects' | 'replayOf' | 'changed'>): string {
  const replay = delivery.replayOf === null ? '' : ' [replay]';
  if (delivery.status >= 300) return `refused: ${delivery.problem ?? `HTTP ${delivery.status}`}${replay}`;
  if (delivery.effects.length === 0) return `ignored: ${delivery.problem ?? 'no message event in it'}${replay}`;
  const repeat = delivery.changed === 0 ? ' (already known: nothing changed)' : '';
  return `${delivery.effects.map(effectWords).join('; ')}${repeat}${replay}`;
}

/** the verdict as a person reads it */
export const VERDICT_WORDS: Readonly<Record<DeliveryVerdict, string>> = {
  valid: 'signature valid',
  missing: 'signature missing',
  invalid: 'signature invalid',
  unsigned: 'not signed (no secret set)',
  not_checked: 'not checked',
};

/** the test events "Fire a test event" can post */
export const TEST_EVENT_KINDS = ['reply', 'sent', 'delivered', 'read', 'failed'] as const;
export type TestEventKind = (typeof TEST_EVENT_KINDS)[number];

/** inspector:list's answer: the active profile's deliveries and what a test event can be fired as */
export interface DeliveryList {
  profileId: string;
  /** newest first */
  deliveries: KeptDelivery[];
  /** the dialects test events can be fired in */
  dialects: string[];
  /** where the listener of this window listens for the profile; null: none here (problem says why) */
  url: string | null;
}
