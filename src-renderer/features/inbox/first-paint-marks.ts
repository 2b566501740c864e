// Marks on the window's performance timeline for the Conversations screen's first paint:
// when the list asks main for its first page and has it, and when a frame has painted the first
// conversation row after the list was mounted. `npm run bench` (scripts/bench-inbox-window.ts)
// reads them in the built window; they change nothing the person sees. Each name holds only its
// latest mark: the first page is read again on every change in main, for as long as the window lives.
import { useEffect, useRef } from 'react';
import { createFirstRowsReporter, type FirstRowsReporter } from '../contacts/report-first-rows';
import { INBOX_MARKS } from './first-paint-mark-names';

export { INBOX_MARKS };

export function markInbox(name: (typeof INBOX_MARKS)[keyof typeof INBOX_MARKS]): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.clearMarks(name);
  performance.mark(name);
}

/**
 * After the frame that paints what was just committed: a frame's callbacks run before its layout
 * and paint, and a message posted from one runs once that frame's work is done.
 */
function afterFramePainted(then: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => then();
    channel.port2.postMessage(null);
  });
}

/** marks the first painted conversation row once per mount of the list (each time the screen opens) */
export function useMarkFirstRowPainted(rows: number): void {
  const reporter = useRef<FirstRowsReporter | null>(null);
  reporter.current ??= createFirstRowsReporter(() => markInbox(INBOX_MARKS.firstRowPainted), afterFramePainted);
  useEffect(() => reporter.current?.rendered(rows), [rows]);
}
