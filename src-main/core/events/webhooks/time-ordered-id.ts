// The id of an inspector row: a UUID in version 7's layout (RFC 9562), the milliseconds since
// 1970 first, then 74 random bits. Ids made one after the other sort one after the other, so a
// new row's entry goes at the end of the table's id index and the oldest rows' (pruned at the
// bound) come off its start: with random ids every commit of a listener's stream rewrote every
// page of that index, a tenth of the pages a commit wrote (docs/performance.md, the webhooks section).
import { randomUUID } from 'node:crypto';

export function timeOrderedId(nowMs: number = Date.now()): string {
  const time = Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, '0').slice(-12);
  // a random (version 4) UUID's last 21 characters: 74 random bits, with its variant bits
  const random = randomUUID().slice(15);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random}`;
}
