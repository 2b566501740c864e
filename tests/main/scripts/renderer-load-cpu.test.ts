import { describe, expect, it } from 'vitest';
import { loadWorkCpu } from '../../../scripts/renderer-load-cpu';

// A trace as Chromium writes it: microseconds, a renderer's main thread (the one that parsed the
// page) beside other threads and processes whose work is not the page's.
const PAGE = { pid: 7, tid: 1 };
const event = (name: string, tsMs: number, tdurMs: number, where: { pid: number; tid: number } = PAGE) => ({
  name,
  ph: 'X',
  ts: 1_000_000 + tsMs * 1000,
  dur: tdurMs * 3000,
  tdur: tdurMs * 1000,
  ...where,
});
const trace = (events: object[]) => JSON.stringify({ traceEvents: events });

describe('loadWorkCpu', () => {
  it("sums the thread time of each kind of work on the page's main thread, from navigation start to the row", () => {
    const cpu = loadWorkCpu(
      trace([
        { name: 'navigationStart', ph: 'R', ts: 1_000_000, ...PAGE },
        event('ParseHTML', 5, 2),
        event('v8.evaluateModule', 40, 20),
        event('FunctionCall', 70, 10),
        event('FunctionCall', 90, 5),
        event('Layout', 95, 3),
        // after the row: not the cold load's
        event('FunctionCall', 150, 50),
        // another thread and another process: not the page's main thread
        event('FunctionCall', 60, 40, { pid: 7, tid: 2 }),
        event('Layout', 60, 40, { pid: 9, tid: 1 }),
      ]),
      120,
    );
    expect(cpu.ParseHTML).toBe(2);
    expect(cpu['v8.evaluateModule']).toBe(20);
    expect(cpu.FunctionCall).toBe(15);
    expect(cpu.Layout).toBe(3);
    expect(cpu.Paint).toBe(0);
  });

  it('counts thread time, not the wall clock the work took', () => {
    const cpu = loadWorkCpu(trace([event('ParseHTML', 1, 1), event('Paint', 10, 4)]), 50);
    expect(cpu.Paint).toBe(4);
  });

  it('refuses a trace in which no page was loaded', () => {
    expect(() => loadWorkCpu(trace([event('FunctionCall', 1, 1)]), 50)).toThrow(/no ParseHTML/);
  });
});
