// The one event primitive of main. A service owns an Emitter and exposes its `event` under an
// `onDid…` name (`onDidChange`, `onDidAppend`); whoever shows the change (the window's events, the
// CLI) subscribes and gets a Disposable back. A service says what changed once, right after it is
// written. One listener failing never stops the others or the service.

export interface Disposable {
  dispose(): void;
}

/** Subscribe to an event: the listener hears every value fired until the subscription is disposed. */
export type Event<T> = (listener: (value: T) => void) => Disposable;

export interface EmitterOptions {
  /** a listener threw: logged by the owner, never rethrown */
  onListenerError?: (err: unknown) => void;
  /** the first listener came: start what only listeners need (a watch) */
  onFirstListener?: () => void;
  /** the last listener left: stop it again */
  onLastListenerRemoved?: () => void;
}

export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private readonly options: EmitterOptions = {}) {}

  readonly event: Event<T> = (listener) => {
    // the same function subscribed twice is two subscriptions
    const entry = (value: T): void => listener(value);
    this.listeners.add(entry);
    if (this.listeners.size === 1) this.options.onFirstListener?.();
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.listeners.delete(entry);
        if (this.listeners.size === 0) this.options.onLastListenerRemoved?.();
      },
    };
  };

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (err) {
        this.options.onListenerError?.(err);
      }
    }
  }
}

/** Disposes many subscriptions as one (a host's wiring, a command's follow). */
export function combinedDisposable(parts: readonly (Disposable | undefined)[]): Disposable {
  return {
    dispose: () => {
      for (const part of parts) part?.dispose();
    },
  };
}
