import { useEffect } from 'react';
import { QueryProvider } from '@/lib/data/query-client';
import type { OnboardingStatus } from './onboarding-rule';
import { useOnboardingStatus } from './onboarding-status';

export interface OnboardingStatusReport {
  userId: string;
  status: OnboardingStatus;
}

function Probe({ userId, onStatus }: { userId: string; onStatus: (r: OnboardingStatusReport) => void }) {
  const status = useOnboardingStatus();
  useEffect(() => onStatus({ userId, status }), [userId, status, onStatus]);
  return null;
}

/**
 * The onboarding rule for a page without a query client of its own (/sign-in, /sign-up): it brings the client, reads
 * the rule and reports it. Loaded only once someone is signed in (lib/session/onboarding-status-lazy).
 */
export default function OnboardingStatusProbe(props: { userId: string; onStatus: (r: OnboardingStatusReport) => void }) {
  return (
    <QueryProvider>
      <Probe {...props} />
    </QueryProvider>
  );
}
