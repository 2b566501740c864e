// An event stream read the way EventSource reads one, whatever the chunks a network hands over:
// line ends of every kind (a CRLF split between chunks too), comments, multi-line data, ids kept
// across events, retry, and lines or events past their bound dropped whole.
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../../src-main/core/events/sse-parser';

function readAll(parser: SseParser, chunks: string[]): { type: string; data: string; lastEventId: string }[] {
  return chunks.flatMap((chunk) => parser.push(chunk));
}

const STREAM =
  'retry: 1000\n: stream open\n\nid: r1.1\nevent: message.status\ndata: ' +
  '{"event":"message.status"}\n\n: heartbeat\n\nid: r1.2\nevent: message.received\ndata: {"a":1}\n\n';

describe('reading an event stream', () => {
  it('reads events, skips comments, keeps each id and the retry', () => {
    const parser = new SseParser();
    expect(readAll(parser, [STREAM])).toEqual([
      { type: 'message.status', data: '{"event":"message.status"}', lastEventId: 'r1.1' },
      { type: 'message.received', data: '{"a":1}', lastEventId: 'r1.2' },
    ]);
    expect(parser.retryMs).toBe(1000);
    expect(parser.lastEventId).toBe('r1.2');
  });

  it('gives the same events whatever the chunks: one character at a time, and every split in two', () => {
    const whole = readAll(new SseParser(), [STREAM]);
    expect(readAll(new SseParser(), [...STREAM])).toEqual(whole);
    for (let cut = 1; cut < STREAM.length; cut += 1) {
      expect(readAll(new SseParser(), [STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(whole);
    }
  });

  it('takes CRLF, lone CR and LF alike, a CRLF split across two chunks counting once', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    const cr = STREAM.replace(/\n/g, '\r');
    const whole = readAll(new SseParser(), [STREAM]);
    expect(readAll(new SseParser(), [crlf])).toEqual(whole);
    expect(readAll(new SseParser(), [cr])).toEqual(whole);
    expect(readAll(new SseParser(), [...crlf])).toEqual(whole);
    // "data: x\r" | "\n\r\n": the LF closes the same line, not a blank one before the event's end
    expect(readAll(new SseParser(), ['data: x\r', '\n\r\n'])).toEqual([{ type: 'message', data: 'x', lastEventId: '' }]);
  });

  it('joins data lines with a line feed, drops one leading space only, and takes a field without a colon', () => {
    const events = readAll(new SseParser(), ['data: first\ndata:second\ndata:  third\ndata\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'first\nsecond\n third\n', lastEventId: '' }]);
  });

  it('keeps the last id for later events, ignores an id holding NUL, and an id alone still moves it', () => {
    const parser = new SseParser();
    expect(readAll(parser, ['id: a\ndata: 1\n\ndata: 2\n\nid: b\u0000c\ndata: 3\n\nid: d\n\n'])).toEqual([
      { type: 'message', data: '1', lastEventId: 'a' },
      { type: 'message', data: '2', lastEventId: 'a' },
      { type: 'message', data: '3', lastEventId: 'a' },
    ]);
    expect(parser.lastEventId).toBe('d');
  });

  it('sets retry only from digits, leaves a byte-order mark out, and holds an event without its blank line', () => {
    const parser = new SseParser();
    expect(readAll(parser, ['\ufeffretry: 2500\nretry: soon\ndata: 1\n'])).toEqual([]);
    expect(parser.retryMs).toBe(2500);
    expect(parser.push('\n')).toEqual([{ type: 'message', data: '1', lastEventId: '' }]);
  });

  it('drops a line past its bound whole, however it arrives, and reads on after it', () => {
    const limits = { maxLineChars: 100, maxEventChars: 1000 };
    const huge = `data: ${'x'.repeat(500)}`;
    const text = `data: before\n\n${huge}\ndata: tail\n\ndata: after\n\n`;
    const expected = [
      { type: 'message', data: 'before', lastEventId: '' },
      { type: 'message', data: 'after', lastEventId: '' },
    ];
    const parser = new SseParser(limits);
    expect(readAll(parser, [text])).toEqual(expected);
    expect(parser.dropped).toBe(1);
    const chunked = new SseParser(limits);
    const chunks = text.match(/[^]{1,30}/g) ?? [];
    expect(readAll(chunked, chunks)).toEqual(expected);
    expect(chunked.dropped).toBe(1);
  });

  it('drops an event whose lines are short but whose data passes its bound, and keeps what follows', () => {
    const parser = new SseParser({ maxLineChars: 100, maxEventChars: 250 });
    const lines = Array.from({ length: 10 }, () => `data: ${'y'.repeat(50)}\n`).join('');
    expect(readAll(parser, [`${lines}\ndata: ok\n\n`])).toEqual([{ type: 'message', data: 'ok', lastEventId: '' }]);
    expect(parser.dropped).toBe(1);
  });
});
