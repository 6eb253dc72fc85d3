/**
 * docs/product.md#session-timeout activity timer: on each reset it schedules one warning per warning-minutes value, fired at
 * (timeout − warning) minutes, and the timeout at the full timeout. Activity resets it only when more than
 * 5 minutes passed since the last reset, so constant mouse moves cost nothing.
 */
export const ACTIVITY_RESET_THRESHOLD_MS = 300_000;
const MINUTE = 60_000;

export interface ActivityTimerOptions {
  timeoutMinutes: number;
  warningMinutes: number[];
  onWarning(minutesLeft: number): void;
  onTimeout(): void;
  now?: () => number;
}

export function createActivityTimer(o: ActivityTimerOptions) {
  const now = o.now ?? Date.now;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let lastReset = 0;

  const clear = () => {
    timers.forEach(clearTimeout);
    timers = [];
  };

  /** Restarts the timer as of `at` (default now): another tab's reset is in the past by the time it arrives here. */
  function reset(at = now()) {
    clear();
    lastReset = at;
    const after = (ms: number) => Math.max(0, ms - (now() - at));
    for (const w of o.warningMinutes) {
      if (w > 0 && w < o.timeoutMinutes) timers.push(setTimeout(() => o.onWarning(w), after((o.timeoutMinutes - w) * MINUTE)));
    }
    timers.push(setTimeout(o.onTimeout, after(o.timeoutMinutes * MINUTE)));
  }

  /** A click, key press or scroll. */
  function activity() {
    if (now() - lastReset > ACTIVITY_RESET_THRESHOLD_MS) reset();
  }

  return { reset, activity, stop: clear, lastReset: () => lastReset };
}
