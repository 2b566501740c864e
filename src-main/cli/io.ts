// What the command line talks to: the process's streams and environment, passed in so tests
// can run a command in-process with fake streams and a private environment.
import type { Readable } from 'node:stream';
import type { TerminalLook } from './terminal';

export interface TextSink {
  write(chunk: string): unknown;
}

/** stdin as the CLI uses it: readable, and on a terminal able to switch to raw mode (hidden prompts). */
export type CliStdin = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  stdin: CliStdin;
  env: Record<string, string | undefined>;
  /** true when stdin is a terminal a person types into (prompts and confirmations are possible) */
  isTTY: boolean;
  /** true when stdout is a terminal (what is printed there stays on screen and in its scrollback) */
  stdoutIsTTY?: boolean;
  /** colour and progress lines on stderr; absent: plain text (tests, pipes) */
  look?: TerminalLook;
}

export const EXIT_OK = 0;
/** the operation failed (network, HTTP status, keychain, validation by the core, ...) */
export const EXIT_FAILURE = 1;
/** the command line itself is wrong: unknown command or option, missing or conflicting options */
export const EXIT_USAGE = 2;
