import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActivityTimer } from './activity-timer';

describe('activity timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns at timeout minus warning and times out at the full timeout', () => {
    const onWarning = vi.fn();
    const onTimeout = vi.fn();
    const t = createActivityTimer({ timeoutMinutes: 240, warningMinutes: [10], onWarning, onTimeout, now: () => Date.now() });
    t.reset();
    vi.advanceTimersByTime(230 * 60_000 - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledWith(10);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ignores activity within 5 minutes of the last reset, and resets after', () => {
    const onTimeout = vi.fn();
    const t = createActivityTimer({ timeoutMinutes: 20, warningMinutes: [], onWarning: () => {}, onTimeout, now: () => Date.now() });
    t.reset();
    vi.advanceTimersByTime(4 * 60_000);
    t.activity();
    vi.advanceTimersByTime(16 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    t.reset();
    vi.advanceTimersByTime(6 * 60_000);
    t.activity(); // more than 5 minutes: restarts the 20 minutes
    vi.advanceTimersByTime(19 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    t.stop();
    vi.advanceTimersByTime(60 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('restarts as of a past moment (a reset in another tab): only the time left is scheduled', () => {
    const onWarning = vi.fn();
    const onTimeout = vi.fn();
    const t = createActivityTimer({ timeoutMinutes: 20, warningMinutes: [10], onWarning, onTimeout, now: () => Date.now() });
    t.reset(Date.now() - 4 * 60_000);
    vi.advanceTimersByTime(6 * 60_000 - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledWith(10);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    t.stop();
  });
});
