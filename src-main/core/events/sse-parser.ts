// Reads a text/event-stream as the HTML standard's EventSource does: lines end in CRLF, LF or a
// lone CR (which may be the last character of one chunk while its LF starts the next); a line
// starting with ":" is a comment (a heartbeat); `data:` lines of one event are joined with "\n";
// a blank line ends the event; `id:` is remembered across events (it is what Last-Event-ID
// resends after a drop) unless it holds a NUL; `retry:` with only digits sets the reconnection
// wait. Pure: text in, events out; the caller decodes the bytes (a streaming TextDecoder keeps a
// character split across chunks whole).
//
// A line or an event past its bound is dropped whole, never cut: half an event's JSON is worse
// than none, and a server that never ends a line must not make the app hold it all in memory.

export interface SseEvent {
  /** the `event:` name; 'message' when the event named none */
  type: string;
  data: string;
  /** the last `id:` seen so far in the stream ('' when none) */
  lastEventId: string;
}

export interface SseLimits {
  /** characters of one line; past it the line is skipped to its end */
  maxLineChars: number;
  /** characters of one event's data; past it the event is dropped */
  maxEventChars: number;
}

/** far past any vendor's event, short of what a runaway stream could fill memory with */
export const DEFAULT_SSE_LIMITS: SseLimits = { maxLineChars: 1024 * 1024, maxEventChars: 4 * 1024 * 1024 };

const LINE_END = /\r\n|\r|\n/g;

export class SseParser {
  private pending = '';
  /** the last chunk ended in CR: an LF opening the next one belongs to that line end */
  private crEnded = false;
  /** inside a line that passed the bound: everything up to its end is thrown away */
  private skippingLine = false;
  private data: string[] = [];
  private dataChars = 0;
  private type = '';
  /** the event being read lost a line or grew too large: it is not dispatched */
  private spoiled = false;
  private started = false;
  private idBuffer = '';
  private lastId = '';
  private retry: number | null = null;
  private droppedCount = 0;

  /**
   * `lastEventId`: the id the stream had reached before a reconnection; it stays the last id
   * until the new connection names another (EventSource keeps it across reconnections).
   */
  constructor(
    private readonly limits: SseLimits = DEFAULT_SSE_LIMITS,
    lastEventId = '',
  ) {
    this.idBuffer = lastEventId;
    this.lastId = lastEventId;
  }

  /** the id to send as Last-Event-ID on reconnecting ('' when the stream gave none) */
  get lastEventId(): string {
    return this.lastId;
  }

  /** the wait the server asked for before a reconnection, in ms; null when it said nothing */
  get retryMs(): number | null {
    return this.retry;
  }

  /** events dropped because a line or the event passed its bound */
  get dropped(): number {
    return this.droppedCount;
  }

  /** the events completed by this chunk, in order */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.crEnded && text.startsWith('\n')) text = text.slice(1);
    if (text.length > 0) this.crEnded = text.endsWith('\r');
    const events: SseEvent[] = [];
    let from = 0;
    LINE_END.lastIndex = 0;
    for (let match = LINE_END.exec(text); match !== null; match = LINE_END.exec(text)) {
      const piece = text.slice(from, match.index);
      from = match.index + match[0].length;
      if (this.skippingLine) {
        this.skippingLine = false;
        this.pending = '';
        continue;
      }
      const line = this.pending + piece;
      this.pending = '';
      if (line.length > this.limits.maxLineChars) this.spoil();
      else this.line(line, events);
    }
    if (!this.skippingLine) {
      this.pending += text.slice(from);
      if (this.pending.length > this.limits.maxLineChars) {
        this.pending = '';
        this.skippingLine = true;
        this.spoil();
      }
    }
    return events;
  }

  private spoil(): void {
    if (!this.spoiled) this.droppedCount += 1;
    this.spoiled = true;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') return this.dispatch(events);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.type = value;
        break;
      case 'data':
        this.dataChars += value.length + 1;
        if (this.dataChars > this.limits.maxEventChars) {
          this.data = [];
          this.spoil();
        } else if (!this.spoiled) this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        break;
      default:
        // unknown fields are ignored, as the standard says
        break;
    }
  }

  private dispatch(events: SseEvent[]): void {
    this.lastId = this.idBuffer;
    const spoiled = this.spoiled;
    const data = this.data;
    const type = this.type;
    this.data = [];
    this.dataChars = 0;
    this.type = '';
    this.spoiled = false;
    if (spoiled || data.length === 0) return;
    events.push({ type: type === '' ? 'message' : type, data: data.join('\n'), lastEventId: this.lastId });
  }
}
