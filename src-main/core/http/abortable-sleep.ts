// A timer that an AbortSignal cancels: the default `sleep` of the API client (tests inject their own).
import { CrmError } from '../errors';

export type Sleep = (ms: number, signal: AbortSignal | undefined) => Promise<void>;

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, Math.min(ms, 2 ** 31 - 1)),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function cancelledError(): CrmError {
  return new CrmError('cancelled', 'The request was cancelled');
}
