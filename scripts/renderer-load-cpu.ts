// Where the page's main thread spends its CPU during a cold load, from a Chromium trace: the
// thread time (tdur, not the wall clock) of each kind of top-level work until the first contact
// row is in the document. On a machine shared with other work the wall clock of each piece swings
// by 2x and more; its thread time hardly moves, so this says what a design would take off the
// page's own path (bench-renderer.ts --cpu-breakdown).

/** the kinds of work reported, in the order a load meets them */
export const LOAD_WORK = [
  ['ParseHTML', 'parse the page'],
  ['v8.evaluateModule', 'evaluate modules (the first chunk: React DOM and the app)'],
  ['EvaluateScript', 'evaluate scripts (the test bridge delivering answers)'],
  ['FunctionCall', 'JS tasks (React rendering, answers, timers)'],
  ['RunMicrotasks', 'promise continuations'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'pre-paint'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['Commit', 'commit to the compositor'],
  ['MinorGC', 'garbage collection (minor)'],
  ['MajorGC', 'garbage collection (major)'],
  ['RunTask', 'all tasks'],
] as const;

export type LoadWork = (typeof LOAD_WORK)[number][0];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

/** the categories to trace for this breakdown */
export const LOAD_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];

/**
 * Thread CPU ms of each kind of work on the page's main thread (the thread that parsed the HTML)
 * from navigation start until `untilMs` after it. Events of one kind nest only in others (a
 * forced layout inside a JS task is counted in both), so the kinds do not add up to "all tasks".
 */
export function loadWorkCpu(traceJson: string, untilMs: number): Record<LoadWork, number> {
  const events = (JSON.parse(traceJson) as { traceEvents: TraceEvent[] }).traceEvents;
  const parse = events.find((e) => e.name === 'ParseHTML');
  if (!parse) throw new Error('the trace has no ParseHTML: the page was not loaded while tracing');
  const navigationStart = events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid)?.ts ?? parse.ts;
  const end = navigationStart + untilMs * 1000;
  const cpu = Object.fromEntries(LOAD_WORK.map(([name]) => [name, 0])) as Record<LoadWork, number>;
  for (const e of events) {
    if (e.pid !== parse.pid || e.tid !== parse.tid || e.ph !== 'X' || e.ts >= end || !(e.name in cpu)) continue;
    cpu[e.name as LoadWork] += (e.tdur ?? 0) / 1000;
  }
  return cpu;
}
