// Reading journal bytes into records (format in records.ts). Pure: what to do with damage is the
// caller's (the journal sets it aside; a read-only reader just leaves it out).
import type { Entry, PayloadRules } from './records';
import { decodeLine, guessId } from './records';

export interface DamagedPart {
  /** 1-based line number in the file as read; null for the torn end of the file */
  line: number | null;
  bytes: number;
  reason: string;
  /** the operation the line seems to be about, when it can be read */
  opId: string | null;
}

export interface ParsedJournal {
  entries: Entry[];
  damaged: (DamagedPart & { raw: Buffer })[];
  lines: number;
  /** operation id -> line of its last intact record in what was parsed */
  lastLineOf: Map<string, number>;
}

/** `linesBefore`: lines already read before `buf` (for line numbers in damage reports); `rules`: the kinds' checks */
export function parseJournal(buf: Buffer, linesBefore: number, rules: PayloadRules): ParsedJournal {
  const entries: Entry[] = [];
  const lastLineOf = new Map<string, number>();
  const damaged: ParsedJournal['damaged'] = [];
  let line = linesBefore;
  let start = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    if (nl < 0) {
      const raw = buf.subarray(start);
      damaged.push({
        line: null,
        bytes: raw.length,
        reason: 'incomplete write (no end of line)',
        opId: guessId(raw.toString('utf8')),
        raw,
      });
      break;
    }
    line++;
    const raw = buf.subarray(start, nl);
    start = nl + 1;
    if (raw.length === 0) continue;
    const text = raw.toString('utf8');
    const decoded = decodeLine(text, rules);
    if (!decoded.ok) {
      damaged.push({ line, bytes: raw.length, reason: decoded.reason, opId: guessId(text), raw });
      continue;
    }
    if ('r' in decoded.value) {
      entries.push(decoded.value);
      lastLineOf.set(decoded.value.r.item.id, line);
    }
  }
  return { entries, damaged, lines: line, lastLineOf };
}
