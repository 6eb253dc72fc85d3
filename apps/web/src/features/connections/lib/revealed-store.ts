import { useSyncExternalStore } from 'react';
import type { Revealed } from '../api/connections';

/**
 * The address and secret the server showed once, kept in this tab's memory until the customer dismisses them, not
 * in a component's state: the dashboard redraws itself (a window narrower than 1024 px and back, a view switched
 * away and back), and a value shown once must not vanish with a redraw. A reload forgets it, as it should.
 */
let current: Revealed | null = null;
const listeners = new Set<() => void>();

export function setRevealed(next: Revealed | null) {
  current = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const useRevealed = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
