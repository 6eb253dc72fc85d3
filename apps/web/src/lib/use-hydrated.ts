import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a prerendered page (and while prerendering), true from the render after: what only the
 * browser knows (stored consent, a stored join) is read then, so the first client render matches the HTML
 * (decision 0046). True from the start on a page rendered on the client.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
