import { Component, type ErrorInfo, type ReactNode } from 'react';
import { shellMessages } from '@/lib/messages/shell';

/** Shows 'Something went wrong' with the error message instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div role="alert" className="max-w-md rounded-lg border bg-card p-8 text-center shadow-xl">
          <h1 className="text-2xl font-bold">{shellMessages.app.somethingWentWrong}</h1>
          <p className="mt-3 text-muted-foreground">{this.state.error.message}</p>
          <button
            className="mt-6 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground"
            onClick={() => window.location.reload()}
          >
            Reload the page
          </button>
        </div>
      </main>
    );
  }
}
