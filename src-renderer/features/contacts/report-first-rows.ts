// Tells main, once per window load, that the first contact rows are on screen: main writes it to
// its log (app:first-rows). The installed app's fuses turn off the inspector, so this line is how
// the packaged smoke test (tests/electron/packaged.spec.ts) sees more than an open window: the
// first screen showing data that came through the app's own native modules and sandbox.
import { useEffect } from 'react';
import { invoke } from '../../lib/api';

export interface FirstRowsReporter {
  /** `rows` contact rows are rendered now; reports after the frame that paints them, once */
  rendered(rows: number): void;
}

export function createFirstRowsReporter(
  send: (rows: number) => unknown,
  afterPaint: (then: () => void) => void = (then) => requestAnimationFrame(() => then()),
): FirstRowsReporter {
  let done = false;
  return {
    rendered(rows) {
      if (done || rows < 1) return;
      done = true;
      // the callback runs at the start of the next frame, after the committed rows were painted
      afterPaint(() => void send(rows));
    },
  };
}

const windowReporter = createFirstRowsReporter((rows) => invoke('app:first-rows', { rows }));

/** reports the rendered contact rows once per window load (after the first commit that has any) */
export function useReportFirstRows(rows: number): void {
  useEffect(() => windowReporter.rendered(rows), [rows]);
}
