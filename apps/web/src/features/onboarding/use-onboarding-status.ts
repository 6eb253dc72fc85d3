import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/session/auth-context';
import { onboardingPending } from './api/business-profile';

/** 'pending' when the signed-in user has not finished onboarding (so sign-in can resume it), 'done' otherwise. */
export function useOnboardingStatus(): 'unknown' | 'pending' | 'done' {
  const { user } = useAuth();
  const userId = user?.id;
  const [status, setStatus] = useState<{ userId?: string; value: 'pending' | 'done' } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    onboardingPending(userId)
      .then((pending) => !cancelled && setStatus({ userId, value: pending ? 'pending' : 'done' }))
      // if the profile cannot be read, do not trap the user in onboarding
      .catch(() => !cancelled && setStatus({ userId, value: 'done' }));
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return userId && status?.userId === userId ? status.value : 'unknown';
}
