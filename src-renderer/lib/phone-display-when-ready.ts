// How a number reads on the first screen: its international format (src-main/shared/phone-display)
// once the formatter's chunk has arrived, and until then exactly as the service gave it.
//
// The formatter is libphonenumber's metadata and rules: about 115 KB of the 390 KB the window
// used to parse and run before its first contact row, plus its first call, while every row
// rendered. It is a chunk of its own, fetched beside the app's bundle (index.html
// modulepreload, electron.vite.config.ts) and run once the first rows are on screen; the rows
// showing a number re-render once when it is ready. A number is never shown in a wrong form,
// only in its saved form for that moment, as formatPhone itself shows any number it cannot read.
//
// Screens in chunks of their own (Messages) import phone-display directly: their chunk loads it.
import { useSyncExternalStore } from 'react';

type Format = (number: string) => string;

let format: Format | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the formatter once (again after a failed load); every row showing a number re-renders. */
export function loadPhoneFormat(): Promise<void> {
  loading ??= import('../../src-main/shared/phone-display').then(
    (m) => {
      format = m.formatPhone;
      for (const l of listeners) l();
    },
    () => {
      // a chunk that failed to load: numbers stay as saved, and the next row that mounts retries
      loading = null;
    },
  );
  return loading;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Subscriptions start after a commit: the first rows are in the document before the
  // formatter is fetched, run and first called.
  if (!format) void loadPhoneFormat();
  return () => listeners.delete(onChange);
}

const currentFormat = (): Format | null => format;

/** `number` as it should read on screen now: formatted once the formatter is ready, as saved until then. */
export function usePhoneDisplay(number: string): string {
  const f = useSyncExternalStore(subscribe, currentFormat, currentFormat);
  return f ? f(number) : number;
}
