// The desk dialect's paging cursor: opaque to the client, and only the sandbox can make one. It
// carries where the next page starts and the search it belongs to, signed with HMAC-SHA256
// under a secret made when the process starts, so an edited or forged cursor is refused (400)
// instead of quietly paging somewhere else. A cursor stays valid until the process ends.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface CursorPosition {
  /** index of the first match on the page */
  start: number;
  search: string;
}

const PROCESS_SECRET = randomBytes(32);
const SIGNATURE_BYTES = 16;
const MAX_CURSOR_LENGTH = 2048;

function sign(payload: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

export function encodeCursor(position: CursorPosition, secret: Buffer = PROCESS_SECRET): string {
  const payload = Buffer.from(JSON.stringify([position.start, position.search])).toString('base64url');
  return `${payload}.${sign(payload, secret).toString('base64url')}`;
}

/** The position a cursor stands for, or null when it is not one this process issued. */
export function decodeCursor(cursor: string, secret: Buffer = PROCESS_SECRET): CursorPosition | null {
  if (cursor.length > MAX_CURSOR_LENGTH) return null;
  const [payload, signature, ...rest] = cursor.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, sign(payload, secret))) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [start, search] = value as unknown[];
    return Number.isSafeInteger(start) && (start as number) >= 0 && typeof search === 'string' ? { start: start as number, search } : null;
  } catch {
    return null;
  }
}
