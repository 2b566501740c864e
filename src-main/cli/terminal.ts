// How `crm` may decorate what it writes to a terminal: colour (never when NO_COLOR is set, the
// output is not a terminal, or TERM is dumb; FORCE_COLOR forces it) and a live progress line.
// Pure: the launcher passes what it knows of the process.

export interface TerminalLook {
  /** stderr is a terminal that takes ANSI colour */
  colour: boolean;
  /** stderr is a terminal: a progress line may be rewritten in place */
  progress: boolean;
}

export const PLAIN: TerminalLook = { colour: false, progress: false };

export function terminalLook(env: Record<string, string | undefined>, stderrIsTTY: boolean): TerminalLook {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  const refused = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const colour = !refused && (forced || (stderrIsTTY && env.TERM !== 'dumb'));
  return { colour, progress: stderrIsTTY };
}

const SGR = { red: 31, yellow: 33, dim: 2 } as const;

export function paint(look: TerminalLook, style: keyof typeof SGR, text: string): string {
  return look.colour ? `\u001b[${SGR[style]}m${text}\u001b[0m` : text;
}

/** "uploading 42% (4.2 MB of 10 MB)" as a line to rewrite in place */
export function progressLine(sentBytes: number, totalBytes: number, format: (bytes: number) => string): string {
  const percent = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 100;
  return `uploading ${percent}% (${format(sentBytes)} of ${format(totalBytes)})`;
}
