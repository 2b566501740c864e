// A service's own change announcements: the service says what changed, once, right after it is
// written; whoever shows it (the window's events, the CLI) subscribes. One listener failing
// never stops the others or the service.

export class ChangeFeed<Change> {
  private readonly listeners = new Set<(change: Change) => void>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: Change): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
