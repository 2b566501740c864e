// The window reports its first painted contact rows once per load, after the frame that paints
// them, and never for an empty list or a list still loading.
import { describe, expect, it } from 'vitest';
import { createFirstRowsReporter } from '../../../src-renderer/features/contacts/report-first-rows';

function reporterWithFrames() {
  const sent: number[] = [];
  const frames: (() => void)[] = [];
  const reporter = createFirstRowsReporter(
    (rows) => sent.push(rows),
    (then) => frames.push(then),
  );
  return { sent, frames, reporter };
}

describe('first rows reporter', () => {
  it('sends after the next frame, not in the commit that rendered the rows', () => {
    const { sent, frames, reporter } = reporterWithFrames();
    reporter.rendered(20);
    expect(sent).toEqual([]);
    frames.shift()!();
    expect(sent).toEqual([20]);
  });

  it('waits through renders with no contact rows (placeholders, an empty list)', () => {
    const { sent, frames, reporter } = reporterWithFrames();
    reporter.rendered(0);
    expect(frames).toHaveLength(0);
    reporter.rendered(3);
    frames.shift()!();
    expect(sent).toEqual([3]);
  });

  it('reports once per window load, whatever renders later', () => {
    const { sent, frames, reporter } = reporterWithFrames();
    reporter.rendered(20);
    reporter.rendered(25);
    reporter.rendered(40);
    for (const f of frames.splice(0)) f();
    expect(sent).toEqual([20]);
  });
});
