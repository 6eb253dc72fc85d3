import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { messages } from '@/lib/messages';
import { runtimeConfig } from '@/lib/runtime-config';
import { useAuth } from '@/lib/session/auth-context';
import { SessionTimeoutContext, type SessionTimeoutValue } from '@/lib/session/timeout-context';
import { SESSION_TIMEOUT_UPDATED_EVENT, storedTimeoutMinutes } from '@/lib/session-markers';
import { createActivityTimer } from './activity-timer';
import { onOtherTabs, oneTabAtATime, publishDismissed, publishReset, sharedLastReset } from './shared-activity';
import { WarningPanel } from './warning-panel';

const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll'] as const;

function currentTimeoutMinutes() {
  return storedTimeoutMinutes() ?? runtimeConfig().sessionTimeoutMinutes;
}

/**
 * Inactivity sign-out for signed-in users (docs/product.md#session-timeout): warning before expiry, Extend / Dismiss,
 * then sign-out. The tabs of one session share activity, Extend and Dismiss (shared-activity.ts).
 */
export function SessionTimeoutProvider({ children }: { children: ReactNode }) {
  const { isSignedIn, signOut } = useAuth();
  const [timeoutMinutes, setTimeoutMinutes] = useState(currentTimeoutMinutes);
  const [warning, setWarning] = useState<{ deadline: number; total: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [resetAt, setResetAt] = useState(() => Date.now());
  const timerRef = useRef<ReturnType<typeof createActivityTimer> | null>(null);
  const expiring = useRef(false);
  // a warning longer than the timeout itself would never show: fall back to half the timeout
  const configured = runtimeConfig().sessionWarningMinutes;
  const warningMinutes = configured < timeoutMinutes ? configured : timeoutMinutes / 2;

  /** Restarts this tab's timer as of another tab's reset, hiding its warning. */
  const follow = useCallback((at: number) => {
    timerRef.current?.reset(at);
    setResetAt(at);
    setWarning(null);
  }, []);

  /** True (and followed) when another tab reset later than this one: this tab's warning or expiry is stale. */
  const otherTabWasActive = useCallback(() => {
    const at = sharedLastReset();
    if (!timerRef.current || at <= timerRef.current.lastReset()) return false;
    follow(at);
    return true;
  }, [follow]);

  const expire = useCallback(() => {
    if (expiring.current || otherTabWasActive()) return;
    expiring.current = true;
    timerRef.current?.stop();
    setWarning(null);
    toast.error(messages.session.expired);
    void oneTabAtATime(() => signOut()).finally(() => {
      expiring.current = false;
    });
  }, [signOut, otherTabWasActive]);

  useEffect(() => {
    if (!isSignedIn) return;
    const timer = createActivityTimer({
      timeoutMinutes,
      warningMinutes: [warningMinutes],
      onWarning: (m) => {
        if (!otherTabWasActive()) setWarning({ deadline: Date.now() + m * 60_000, total: m * 60 });
      },
      onTimeout: expire,
    });
    timerRef.current = timer;
    const reset = () => {
      timer.reset();
      publishReset(timer.lastReset());
      setResetAt(Date.now());
      setWarning(null);
    };
    const onActivity = () => {
      const before = timer.lastReset();
      timer.activity();
      if (timer.lastReset() !== before) {
        publishReset(timer.lastReset());
        setResetAt(Date.now());
        setWarning(null);
      }
    };
    const onUpdated = () => {
      const minutes = currentTimeoutMinutes();
      if (minutes !== timeoutMinutes)
        setTimeoutMinutes(minutes); // re-runs this effect with the new timeout
      else reset();
    };
    reset();
    const stopFollowing = onOtherTabs({ reset: follow, dismissed: () => setWarning(null) });
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    window.addEventListener(SESSION_TIMEOUT_UPDATED_EVENT, onUpdated);
    return () => {
      timer.stop();
      stopFollowing();
      timerRef.current = null;
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      window.removeEventListener(SESSION_TIMEOUT_UPDATED_EVENT, onUpdated);
      setWarning(null);
    };
  }, [isSignedIn, timeoutMinutes, warningMinutes, expire, follow, otherTabWasActive]);

  // the countdown ticks every second while the warning shows; the context's remainingTime every minute
  useEffect(() => {
    if (!isSignedIn) return;
    const id = setInterval(() => setNow(Date.now()), warning ? 1000 : 60_000);
    return () => clearInterval(id);
  }, [isSignedIn, warning]);

  const secondsLeft = warning ? Math.max(0, Math.ceil((warning.deadline - now) / 1000)) : 0;
  useEffect(() => {
    if (warning && secondsLeft <= 0) expire();
  }, [warning, secondsLeft, expire]);

  const extendSession = useCallback(() => {
    if (!timerRef.current) return;
    timerRef.current.reset();
    publishReset(timerRef.current.lastReset());
    setResetAt(Date.now());
    setWarning(null);
    toast.success(messages.session.extended);
  }, []);

  const dismiss = useCallback(() => {
    setWarning(null);
    publishDismissed(Date.now());
  }, []);

  const remainingTime = Math.max(0, Math.round(timeoutMinutes * 60 - Math.floor((now - resetAt) / 60_000) * 60));
  const value = useMemo<SessionTimeoutValue>(
    () => ({ timeoutMinutes, isActive: isSignedIn, extendSession, remainingTime }),
    [timeoutMinutes, isSignedIn, extendSession, remainingTime],
  );
  return (
    <SessionTimeoutContext.Provider value={value}>
      {children}
      {isSignedIn && warning && (
        <WarningPanel secondsLeft={secondsLeft} totalSeconds={warning.total} onExtend={extendSession} onDismiss={dismiss} />
      )}
    </SessionTimeoutContext.Provider>
  );
}
