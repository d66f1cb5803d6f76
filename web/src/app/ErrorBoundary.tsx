import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches a page that fails to render and shows the generic error heading instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
  }

  override componentDidUpdate(prev: { resetKey?: string }): void {
    // Navigating elsewhere clears the error.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="section">
        <div className="container center">
          <h1>Unexpected Application Error!</h1>
          <p>Something went wrong while showing this page. Please reload, or go back to the home page.</p>
          <a href="/" className="btn btn-primary">
            Return to Home
          </a>
        </div>
      </section>
    );
  }
}
