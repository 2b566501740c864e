import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * A screen that throws while rendering (or whose chunk cannot be loaded) shows what went wrong
 * in its own place; the header, the nav and every other screen keep working. ScreenFrame keys
 * it by screen, so opening another screen starts clean.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="screen" role="alert" data-testid="screen-failed">
        <h1>This screen could not be shown</h1>
        <p>{error.message}</p>
        <p>Open another screen and come back, or reload the window (Ctrl+R, or ⌘R on a Mac).</p>
      </section>
    );
  }
}
