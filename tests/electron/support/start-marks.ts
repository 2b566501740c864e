// The packaged app's start, read from its own log: every line of main.log begins with the ISO
// time it was written, so the time from spawning the binary to a line is the time the installed
// app took to get there, on the runner's own clock. Electron's "ready" is the baseline: the part
// of the start no code of ours runs in (loading the binary, Chromium's and Node's own start-up).
export interface StartMarks {
  /** ms from spawn to Electron's ready event (the baseline) */
  readonly electronReadyMs: number | null;
  /** ms from spawn to the window being opened */
  readonly windowOpenedMs: number | null;
  /** ms from spawn to the first contact rows painted (what the person waits for) */
  readonly firstRowsMs: number | null;
}

export const PACKAGED_START_GOAL_MS = 1500;

const MARKS = {
  electronReadyMs: /^electron ready\b/,
  windowOpenedMs: /^window opened \(/,
  firstRowsMs: /^first contact rows shown \([1-9]\d*\)/,
} as const;

/** the first line of each mark, relative to `spawnedAt` (epoch ms) */
export function readStartMarks(logText: string, spawnedAt: number): StartMarks {
  const found: Record<keyof StartMarks, number | null> = { electronReadyMs: null, windowOpenedMs: null, firstRowsMs: null };
  for (const line of logText.split('\n')) {
    const space = line.indexOf(' ');
    if (space < 0) continue;
    const at = Date.parse(line.slice(0, space));
    if (Number.isNaN(at)) continue;
    const message = line.slice(space + 1);
    for (const [name, pattern] of Object.entries(MARKS) as [keyof StartMarks, RegExp][]) {
      if (found[name] === null && pattern.test(message)) found[name] = at - spawnedAt;
    }
  }
  return found;
}

/** one Markdown table for the job's summary: the figures, the ratio to the baseline, the goal */
export function startSummary(label: string, marks: StartMarks): string {
  const ms = (value: number | null): string => (value === null ? 'not seen' : `${value} ms`);
  const ratio =
    marks.firstRowsMs !== null && marks.electronReadyMs !== null && marks.electronReadyMs > 0
      ? `${(marks.firstRowsMs / marks.electronReadyMs).toFixed(2)}x`
      : 'n/a';
  const verdict =
    marks.firstRowsMs === null ? 'NOT met (no first row seen)' : marks.firstRowsMs <= PACKAGED_START_GOAL_MS ? 'met' : 'NOT met';
  return [
    `### Packaged app start: ${label}`,
    '',
    '| from spawning the binary to | time |',
    '| --- | --- |',
    `| Electron ready (baseline: no app code yet) | ${ms(marks.electronReadyMs)} |`,
    `| window opened | ${ms(marks.windowOpenedMs)} |`,
    `| first contact row shown | ${ms(marks.firstRowsMs)} (${ratio} the baseline) |`,
    '',
    `Goal: first contact row <= ${PACKAGED_START_GOAL_MS} ms: ${verdict}`,
    '',
  ].join('\n');
}
