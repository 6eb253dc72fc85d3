import { createContext, useContext } from 'react';

/** docs/product.md#browser-storage: the session-timeout context. remainingTime is in seconds and drops by 60 each minute. */
export interface SessionTimeoutValue {
  timeoutMinutes: number;
  isActive: boolean;
  extendSession(): void;
  remainingTime: number;
}

/** Filled by features/session-timeout's provider; outside it, an inactive timer. */
export const SessionTimeoutContext = createContext<SessionTimeoutValue>({
  timeoutMinutes: 240,
  isActive: false,
  extendSession: () => {},
  remainingTime: 0,
});

export function useSessionTimeout(): SessionTimeoutValue {
  return useContext(SessionTimeoutContext);
}
