// What one outbox operation looks like on disk, and the line format of the journal.
//
// Every journal line is a FULL snapshot of one operation (not a delta): the last valid line for
// an id is its state. So a damaged line costs at most that one state change (the operation falls
// back to its previous snapshot, which is always safe to resume: see outbox.ts), and a damaged
// first line does not lose an operation that has later lines.
//
// Line format: `<crc32 of the JSON text, 8 lower-case hex> <JSON text>\n`.
import { crc32 } from 'node:zlib';
import type { OutboxItem, OutboxKind, OutboxState } from '../model';
import { isRecord } from '../parse/shape';
import type { Payload } from './kinds/payloads';

export type { Payload } from './kinds/payloads';

/** A claim on an operation being sent: who sends it, and until when the claim holds without news. */
export interface Claim {
  holder: string;
  pid: number;
  /** epoch ms; past it another process may take the operation over (resending is harmless) */
  until: number;
}

/**
 * What the journal asks of the kinds (kinds/payloads.ts): the item kinds a record may have, each
 * kind's check of its payload (the payload as kept, or null when it is not one), and which
 * finished operations are never pruned.
 */
export interface PayloadRules {
  readonly itemKinds: readonly OutboxKind[];
  read(payload: Record<string, unknown>): Payload | null;
  keptForever(payload: Payload): boolean;
}

export interface StoredOp {
  item: OutboxItem;
  payload: Payload;
  /** global enqueue order (journal sequence number at enqueue) */
  order: number;
  claim: Claim | null;
  /** consecutive 5xx answers */
  serverErrors: number;
  /** consecutive attempts without any answer (absent in journals written before it existed) */
  unanswered?: number;
  /** its kind told whoever listens about the final state (and did what follows it): done once */
  finalized: boolean;
}

export interface Header {
  h: 1;
  /** random per file generation: a compaction makes a new one */
  gen: string;
}

export interface Entry {
  s: number;
  r: StoredOp;
}

export function encodeLine(value: Header | Entry): string {
  const text = JSON.stringify(value);
  return `${crcHex(text)} ${text}\n`;
}

export function crcHex(text: string): string {
  return crc32(Buffer.from(text, 'utf8')).toString(16).padStart(8, '0');
}

export type Decoded = { ok: true; value: Header | Entry } | { ok: false; reason: string };

/** One line without its '\n'. Checks the checksum, the JSON and the shape (the payload: its kind's check). */
export function decodeLine(line: string, rules: PayloadRules): Decoded {
  const space = line.indexOf(' ');
  if (space !== 8 || !/^[0-9a-f]{8}$/.test(line.slice(0, 8))) return { ok: false, reason: 'no checksum' };
  const text = line.slice(9);
  if (crcHex(text) !== line.slice(0, 8)) return { ok: false, reason: 'checksum mismatch' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (isHeader(value)) return { ok: true, value };
  const entry = isRecord(value) ? asEntry(value, rules) : null;
  if (entry) return { ok: true, value: entry };
  return { ok: false, reason: 'unknown record shape' };
}

const STATES: readonly OutboxState[] = ['pending', 'sending', 'sent', 'failed', 'cancelled'];

function isHeader(v: unknown): v is Header {
  return isRecord(v) && v.h === 1 && typeof v.gen === 'string';
}

/** the envelope checked here, the payload by its kind; the entry as kept, or null */
function asEntry(v: Record<string, unknown>, rules: PayloadRules): Entry | null {
  if (typeof v.s !== 'number' || !isRecord(v.r)) return null;
  const r = v.r;
  if (!isRecord(r.item) || !isRecord(r.payload) || typeof r.order !== 'number') return null;
  const item = r.item;
  if (typeof item.id !== 'string' || typeof item.profileId !== 'string') return null;
  if (!rules.itemKinds.includes(item.kind as OutboxKind) || !STATES.includes(item.state as OutboxState)) return null;
  const payload = rules.read(r.payload);
  if (payload === null) return null;
  const entry = v as unknown as Entry;
  return (payload as unknown) === r.payload ? entry : { ...entry, r: { ...entry.r, payload } };
}

/** Best effort: the operation id named in a damaged line, for the message that reports it. */
export function guessId(raw: string): string | null {
  const m = /"id":"(ob_[A-Za-z0-9_-]{4,64})"/.exec(raw);
  return m ? m[1]! : null;
}

export function isTerminal(state: OutboxState): boolean {
  return state === 'sent' || state === 'cancelled';
}

/** Pending or being sent: the operation still has to reach the server. */
export function isOpen(state: OutboxState): boolean {
  return state === 'pending' || state === 'sending';
}
