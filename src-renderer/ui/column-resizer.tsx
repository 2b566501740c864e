// The handle on a column heading's right edge: drag it, or focus it (Tab) and use the arrow keys
// (Shift for bigger steps, Home for the narrowest, Enter or double-click for the automatic width
// back). A focusable separator, so a screen reader says what it is and its current width.
import type { KeyboardEvent, PointerEvent } from 'react';
import { MAX_COLUMN_PX, MIN_COLUMN_PX } from './column-widths';

const STEP_PX = 16;
const BIG_STEP_PX = 64;

interface ColumnResizerProps {
  column: string;
  /** the column's width now, in CSS pixels */
  width: number;
  /**
   * called as a drag or a key press starts: the column's width then (the table switches to set
   * widths, measuring the columns it had left automatic)
   */
  onStart: () => number;
  onResize: (px: number) => void;
  /** back to the automatic width */
  onReset: () => void;
}

export function ColumnResizer({ column, width, onStart, onResize, onReset }: ColumnResizerProps) {
  const onPointerDown = (e: PointerEvent<HTMLSpanElement>): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    const handle = e.currentTarget;
    const startX = e.clientX;
    const startWidth = onStart();
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent): void => onResize(startWidth + ev.clientX - startX);
    const end = (): void => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onReset();
      return;
    }
    const step = e.shiftKey ? BIG_STEP_PX : STEP_PX;
    const change: Record<string, (from: number) => number> = {
      ArrowRight: (from) => from + step,
      ArrowUp: (from) => from + step,
      ArrowLeft: (from) => from - step,
      ArrowDown: (from) => from - step,
      Home: () => MIN_COLUMN_PX,
    };
    const next = change[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onResize(next(onStart()));
  };
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${column} column`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_PX}
      aria-valuemax={MAX_COLUMN_PX}
      aria-valuetext={`${Math.round(width)} pixels`}
      tabIndex={0}
      className="column-resizer"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={onReset}
      onClick={(e) => e.stopPropagation()}
      data-testid="column-resizer"
    />
  );
}
