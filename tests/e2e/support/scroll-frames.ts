// Frame times while a virtual list is scrolled from its top to its bottom in the page, one
// scroll step per frame, as the renderer benches measure them (contacts in bench-renderer, the
// inbox in bench-inbox-window): each frame's interval, the most rows the list held in the
// document at once, and whether its last row could be reached.
import type { Page } from '@playwright/test';

/** a 60 Hz display shows a frame every 16.7 ms; an interval past 1.5 of them is a missed frame */
export const DISPLAY_FRAME_MS = 1000 / 60;
export const MISSED_FRAME_MS = DISPLAY_FRAME_MS * 1.5;
export const missedFrames = (frames: number[]): number => frames.filter((f) => f > MISSED_FRAME_MS).length;

export interface ScrollRun {
  /** the most rows in the list's element at once */
  maxRows: number;
  /** intervals between the frames of the scroll, ms */
  frames: number[];
  lastRowShown: boolean;
  scrollHeight: number;
}

/**
 * Scrolls the element with data-testid `scrollTestId` over `count` rows (`rowSelector` counts
 * them; the last carries data-index count-1), faster further down, then to the very end.
 */
export async function scrollTopToBottom(
  page: Page,
  args: { scrollTestId: string; rowSelector: string; count: number },
): Promise<ScrollRun> {
  return page.evaluate(async ({ scrollTestId, rowSelector, count }) => {
    const el = document.querySelector(`[data-testid="${scrollTestId}"]`) as HTMLElement;
    const frames: number[] = [];
    let maxRows = 0;
    let last = performance.now();
    const steps = 240;
    for (let i = 0; i < steps; i++) {
      el.scrollTop = (el.scrollHeight - el.clientHeight) * (i / steps) ** 2 + i * 37;
      await new Promise((ok) => requestAnimationFrame(ok));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, el.querySelectorAll(rowSelector).length);
    }
    // and the very end: the last row must be there (a list taller than the browser's height
    // cap is cut off unless its scroll space is scaled)
    el.scrollTop = el.scrollHeight;
    await new Promise((ok) => requestAnimationFrame(ok));
    await new Promise((ok) => requestAnimationFrame(ok));
    maxRows = Math.max(maxRows, el.querySelectorAll(rowSelector).length);
    const lastRowShown = el.querySelector(`[role="option"][data-index="${count - 1}"]`) !== null;
    return { maxRows, frames, lastRowShown, scrollHeight: el.scrollHeight };
  }, args);
}
