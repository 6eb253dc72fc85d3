import type { ComponentType } from 'react';

/**
 * Loads a component that uses TanStack Query together with the one query client (./query-client), and gives it back
 * wrapped in the client's provider: a page that shows no query on its first visit loads TanStack only with the part
 * that needs it (issue 15, decisions 0055 and 0094). For React.lazy, or called early to preload.
 */
export function withQueryClient<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    Promise.all([load(), import('./query-client')]).then(([Part, { QueryProvider }]) => ({
      default: (props: P) => (
        <QueryProvider>
          <Part {...props} />
        </QueryProvider>
      ),
    }));
}
