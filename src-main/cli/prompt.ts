// Reading from stdin: all of it (a piped key or text), a hidden line typed on a terminal (a key:
// raw mode, nothing echoed, not even `*`, so its length does not show either), or a yes/no answer.
import type { CliStdin, TextSink } from './io';
import { visibleText } from './terminal-safe';

/** Thrown when the person aborts a prompt (Ctrl-C, Ctrl-D on an empty line, end of input). */
export class PromptCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'PromptCancelled';
  }
}

export async function readAll(stdin: CliStdin, limitBytes = 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limitBytes) throw new RangeError(`stdin is larger than ${limitBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads one line from a terminal without echoing it. The prompt goes to `out` (stderr, so a
 * redirected stdout stays clean). Backspace edits, Ctrl-U clears, Ctrl-C / Ctrl-D abort.
 */
export function readHiddenLine(stdin: CliStdin, out: TextSink, prompt: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const raw = typeof stdin.setRawMode === 'function';
    let value = '';
    out.write(visibleText(prompt));
    const finish = (error: Error | null): void => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      if (raw) stdin.setRawMode?.(false);
      stdin.pause();
      out.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onEnd = (): void => finish(value.length > 0 ? null : new PromptCancelled());
    const onData = (chunk: Buffer | string): void => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (const ch of text) {
        if (ch === '\r' || ch === '\n') return finish(null);
        if (ch === '\u0003') return finish(new PromptCancelled());
        if (ch === '\u0004') {
          if (value.length === 0) return finish(new PromptCancelled());
          return finish(null);
        }
        if (ch === '\u007f' || ch === '\b') {
          value = [...value].slice(0, -1).join('');
          continue;
        }
        if (ch === '\u0015') {
          value = '';
          continue;
        }
        // other control characters (arrow-key escapes and the like) are not part of a key
        if (ch < ' ') continue;
        value += ch;
      }
    };
    if (raw) stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
  });
}

/** Reads one visible line (for yes/no questions). */
export function readLine(stdin: CliStdin, out: TextSink, prompt: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let buffer = '';
    out.write(visibleText(prompt));
    const finish = (error: Error | null): void => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
      if (error) reject(error);
      else resolve(buffer);
    };
    const onEnd = (): void => finish(buffer.length > 0 ? null : new PromptCancelled());
    const onData = (chunk: Buffer | string): void => {
      buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      const newline = buffer.search(/\r|\n/);
      if (newline >= 0) {
        buffer = buffer.slice(0, newline);
        finish(null);
      }
    };
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume();
  });
}

export async function confirm(stdin: CliStdin, out: TextSink, question: string): Promise<boolean> {
  try {
    const answer = await readLine(stdin, out, `${question} [y/N] `);
    return /^\s*y(es)?\s*$/i.test(answer);
  } catch (err) {
    if (err instanceof PromptCancelled) {
      out.write('\n');
      return false;
    }
    throw err;
  }
}
