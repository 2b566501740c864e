// Lines printed in one write per turn of the event loop: `crm webhooks listen` prints a line per
// delivery, thousands a second under a stream, and each write was a system call of its own. The
// lines of one turn are written together, in order, as the turn ends.
import type { TextSink } from './io';

export function linesPerTurn(out: TextSink): (line: string) => void {
  let pending: string[] = [];
  return (line) => {
    if (pending.length === 0)
      setImmediate(() => {
        const text = pending.join('');
        pending = [];
        out.write(text);
      });
    pending.push(`${line}\n`);
  };
}
