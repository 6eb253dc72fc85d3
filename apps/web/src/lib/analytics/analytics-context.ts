import type { ClientSecurityEventType, ClientSecuritySeverity } from '@app/shared';
import { createContext, useContext } from 'react';

export interface AnalyticsApi {
  /** Queues an event when analytics is allowed; does nothing otherwise. */
  track(eventType: string, data?: Record<string, unknown>): void;
  /** Writes a security log entry (not consent-gated; failures only reach the console). */
  logSecurityEvent(eventType: ClientSecurityEventType, details?: Record<string, unknown>, severity?: ClientSecuritySeverity): void;
  /** Whether the visitor allowed analytics. */
  readonly enabled: boolean;
}

/** Filled by features/analytics' AnalyticsProvider (mounted by app/). */
export const AnalyticsContext = createContext<AnalyticsApi | null>(null);

export function useAnalytics(): AnalyticsApi {
  const ctx = useContext(AnalyticsContext);
  if (!ctx) throw new Error('useAnalytics must be used inside AnalyticsProvider');
  return ctx;
}
