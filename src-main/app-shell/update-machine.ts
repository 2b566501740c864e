// What the updater's events mean for the window, as a pure function of the state before. A
// downloaded update stays offered ("Restart to update") whatever later checks report, until a
// newer one replaces it; an error message is scrubbed (key values, a URL's password or query)
// and cut to one line before the window sees it.
import type { UpdateState } from '../shared/ipc-types';

export type UpdateSignal =
  | { kind: 'checking' }
  | { kind: 'available'; version: string }
  | { kind: 'not-available' }
  | { kind: 'progress'; percent: number }
  | { kind: 'downloaded'; version: string }
  /** a newer version is out where the app installs none itself: `message` says where to get it */
  | { kind: 'manual'; version: string; message: string }
  | { kind: 'error'; message: string };

const MESSAGE_CHARS = 200;

/** `scrub`: the core's key scrubbing; URLs lose their user info and query here too */
export function updateMessage(raw: string, scrub: (text: string) => string): string {
  const firstLine = (raw.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim();
  const clean = scrub(firstLine)
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]+@/gi, '$1***@')
    .replace(/\b(https?:\/\/[^\s?#"'<>]+)[?#][^\s"'<>]*/gi, '$1');
  const cut = clean.length > MESSAGE_CHARS ? `${clean.slice(0, MESSAGE_CHARS)}…` : clean;
  return cut || 'The update could not be fetched.';
}

const percentOf = (value: number): number => (Number.isFinite(value) ? Math.min(100, Math.max(0, Math.floor(value))) : 0);

export function nextUpdateState(state: UpdateState, signal: UpdateSignal, scrub: (text: string) => string): UpdateState {
  if (state.phase === 'off') return state;
  if (signal.kind === 'manual')
    return state.phase === 'manual' && state.version === signal.version
      ? state
      : { phase: 'manual', version: signal.version, message: signal.message };
  // a newer version to download stays said through later checks and errors
  if (state.phase === 'manual') return state;
  if (state.phase === 'ready') {
    // only a newer download replaces the one waiting for a restart
    if (signal.kind === 'downloaded' && signal.version !== state.version) return { phase: 'ready', version: signal.version };
    if (signal.kind === 'available' && signal.version !== state.version) return { phase: 'available', version: signal.version };
    return state;
  }
  switch (signal.kind) {
    case 'checking':
      // a periodic check while a download runs does not hide its progress
      return state.phase === 'downloading' ? state : { phase: 'checking' };
    case 'available':
      // a periodic check finding the update already being fetched changes nothing
      if ((state.phase === 'available' || state.phase === 'downloading') && state.version === signal.version) return state;
      return { phase: 'available', version: signal.version };
    case 'not-available':
      return state.phase === 'checking' ? { phase: 'idle' } : state;
    case 'progress': {
      if (state.phase !== 'available' && state.phase !== 'downloading') return state;
      const percent = percentOf(signal.percent);
      return state.phase === 'downloading' && state.percent === percent ? state : { phase: 'downloading', version: state.version, percent };
    }
    case 'downloaded':
      return { phase: 'ready', version: signal.version };
    case 'error': {
      // electron-updater both emits 'error' and rejects the check: one failure, said once
      const message = updateMessage(signal.message, scrub);
      return state.phase === 'failed' && state.message === message ? state : { phase: 'failed', message };
    }
  }
}
