// Staying open for a --follow command: the data folder is watched by unref'd timers (they never
// hold a finished command open), so this keeps the process alive, and Ctrl+C (SIGINT) or SIGTERM
// ends the follow cleanly with exit status 0 instead of killing the process mid-write.
import type { Disposable } from '../core/emitter';

export function followUntilStopped(subscribe: () => Disposable): Promise<void> {
  return new Promise<void>((resolve) => {
    const keepAlive = setInterval(() => {}, 60_000);
    const subscription = subscribe();
    const stop = (): void => {
      clearInterval(keepAlive);
      subscription.dispose();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
