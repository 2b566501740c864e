import { describe, expect, it } from 'vitest';
import { readStartMarks, startSummary } from '../../electron/support/start-marks';

const SPAWNED = Date.parse('2026-11-29T10:00:00.000Z');
const LOG = [
  '2026-11-29T10:00:00.310Z electron ready',
  '2026-11-29T10:00:00.520Z window opened (installed 0.1.0)',
  'not a log line',
  '2026-11-29T10:00:00.700Z first contact rows shown (0)',
  '2026-11-29T10:00:00.910Z first contact rows shown (25)',
  '2026-11-29T10:00:01.500Z first contact rows shown (25)',
].join('\n');

describe("the packaged app's start marks", () => {
  it('reads each mark once, from spawn, and a zero-row report is no first row', () => {
    expect(readStartMarks(LOG, SPAWNED)).toEqual({ electronReadyMs: 310, windowOpenedMs: 520, firstRowsMs: 910 });
  });

  it('says which marks were never seen (a start that failed before the rows)', () => {
    expect(readStartMarks('2026-11-29T10:00:00.310Z electron ready\n', SPAWNED)).toEqual({
      electronReadyMs: 310,
      windowOpenedMs: null,
      firstRowsMs: null,
    });
  });

  it('prints the figures, the ratio to Electron ready and the goal verdict', () => {
    const text = startSummary('Linux x64', readStartMarks(LOG, SPAWNED));
    expect(text).toContain('| first contact row shown | 910 ms (2.94x the baseline) |');
    expect(text).toContain('Goal: first contact row <= 1500 ms: met');
    const slow = startSummary('Windows x64', { electronReadyMs: 900, windowOpenedMs: 1400, firstRowsMs: 2100 });
    expect(slow).toContain('Goal: first contact row <= 1500 ms: NOT met');
    expect(startSummary('macOS', { electronReadyMs: null, windowOpenedMs: null, firstRowsMs: null })).toContain(
      'NOT met (no first row seen)',
    );
  });
});
