// Injected sleep and progress/observer recorders: tests observe the waits the client asks for
// instead of measuring wall-clock time.
import type { ObservedEntry, SendProgress } from '../../../../../src-main/core/http/sender';

export function recordingSleep(): { sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      waits.push(ms);
      if (signal?.aborted) throw new Error('aborted');
    },
  };
}

export function recorder(): {
  log: ObservedEntry[];
  observer: (e: ObservedEntry) => void;
  progress: SendProgress[];
  onProgress: (p: SendProgress) => void;
} {
  const log: ObservedEntry[] = [];
  const progress: SendProgress[] = [];
  return { log, observer: (e) => log.push(e), progress, onProgress: (p) => progress.push(p) };
}
