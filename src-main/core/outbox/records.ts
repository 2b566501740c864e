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
import type { PreparedRequest } from '../http/prepared-request';
import type { Operation } from '../operations';
import { isRecord } from '../parse/shape';

export type MessageOp = Extract<Operation, { idempotencyKey: string }>;

/** A claim on an operation being sent: who sends it, and until when the claim holds without news. */
export interface Claim {
  holder: string;
  pid: number;
  /** epoch ms; past it another process may take the operation over (resending is harmless) */
  until: number;
}

export type Payload =
  | {
      type: 'message';
      /** the key chosen at enqueue time; null = the profile's active key when sent */
      keyId: string | null;
      /** data only: a file source holds the staged file's path, never bytes */
      op: MessageOp;
      /** `${profileId}|${number}`: messages of one group are sent in enqueue order */
      group: string;
      /**
       * The request as built when it was queued (no key): what is sent, whatever the profile's
       * description says later. Absent for items queued by an older build: those are built from
       * the description when sent, as before.
       */
      request?: PreparedRequest;
      /**
       * The profile's base URL when it was queued: the service the message is for. An item
       * queued by an older build gets the base URL of the first pass that sees it.
       */
      baseUrl?: string;
      /** the person chose to send it as queued although the profile changed since (binding.ts) */
      release?: boolean;
    }
  | {
      type: 'revocation';
      localKeyId: string | null;
      serverKeyId: string | null;
      /**
       * the origin the revoked key was saved for: its own value is only ever sent there. No part
       * of the key is stored: without a server id, the key is found by comparing its kept value
       * (keychain) with the server's key list in memory.
       */
      origin?: string | null;
      /** keys the server refused (401/403) for this revocation; 'self' is the revoked key itself */
      refusedKeys: string[];
      /** ISO time before which it is not sent (a rolled key's grace, schedule.ts); absent: at once */
      notBefore?: string;
    }
  | {
      /**
       * After a revocation synced: the revoked value tried against a harmless request until the
       * service refuses it (proof-schedule.ts); the value is then dropped from the keychain.
       */
      type: 'proof';
      localKeyId: string;
      /** the outbox id of the revocation this proves */
      revocationId: string;
      /** the origin the value was saved for: it is only ever sent there */
      origin: string | null;
      /** when the checks began (ISO): they stop an hour later */
      startedAt: string;
    };

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
  /** revocations and proofs: the listeners were told about the final state (and a proven key's value was dropped) */
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

/** One line without its '\n'. Checks the checksum, the JSON and the shape. */
export function decodeLine(line: string): Decoded {
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
  if (isEntry(value)) return { ok: true, value: withoutKeyPrefix(value) };
  return { ok: false, reason: 'unknown record shape' };
}

const KINDS: readonly OutboxKind[] = ['send.text', 'send.media', 'send.audio', 'send.template', 'keys.revoke', 'keys.prove'];
const STATES: readonly OutboxState[] = ['pending', 'sending', 'sent', 'failed', 'cancelled'];

function isHeader(v: unknown): v is Header {
  return isRecord(v) && v.h === 1 && typeof v.gen === 'string';
}

function isEntry(v: unknown): v is Entry {
  if (!isRecord(v) || typeof v.s !== 'number' || !isRecord(v.r)) return false;
  const r = v.r;
  if (!isRecord(r.item) || !isRecord(r.payload) || typeof r.order !== 'number') return false;
  const item = r.item;
  if (typeof item.id !== 'string' || typeof item.profileId !== 'string') return false;
  if (!KINDS.includes(item.kind as OutboxKind) || !STATES.includes(item.state as OutboxState)) return false;
  const p = r.payload;
  if (p.type === 'message')
    return isRecord(p.op) && typeof p.group === 'string' && typeof (p.op as { idempotencyKey?: unknown }).idempotencyKey === 'string';
  if (p.type === 'revocation') return Array.isArray(p.refusedKeys) && (p.notBefore === undefined || typeof p.notBefore === 'string');
  if (p.type === 'proof') return typeof p.localKeyId === 'string' && typeof p.revocationId === 'string' && typeof p.startedAt === 'string';
  return false;
}

/**
 * Journals written before keys were matched by their kept value stored the first characters of
 * the key (`keyPrefix`): dropped on load, so the next snapshot or compaction writes none.
 */
function withoutKeyPrefix(entry: Entry): Entry {
  const payload = entry.r.payload as Payload & { keyPrefix?: unknown };
  if (payload.type !== 'revocation' || !('keyPrefix' in payload)) return entry;
  const { keyPrefix: _dropped, ...rest } = payload;
  return { ...entry, r: { ...entry.r, payload: rest } };
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
