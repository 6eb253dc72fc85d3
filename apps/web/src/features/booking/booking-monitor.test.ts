// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_TIMINGS, hasBookingContent, watchBookingWidget, type BookingState } from './booking-monitor';

describe('watchBookingWidget', () => {
  let widget: HTMLElement | null;
  let ready: boolean;
  let states: BookingState[];
  const start = () => watchBookingWidget({ findWidget: () => widget, isScriptReady: () => ready, onChange: (s) => states.push(s) });

  beforeEach(() => {
    vi.useFakeTimers();
    widget = document.createElement('div');
    ready = false;
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('reports a script failure at once, and nothing after it', () => {
    const m = start();
    m.scriptFailed();
    vi.advanceTimersByTime(60_000);
    expect(states).toEqual([{ status: 'error', reason: 'script' }]);
  });

  it('errors when the widget element is missing at the first check (1 s)', () => {
    widget = null;
    start();
    vi.advanceTimersByTime(999);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([{ status: 'error', reason: 'no-widget' }]);
  });

  it('loads as soon as content appears (an iframe) during the 2 s checks', () => {
    ready = true;
    start();
    vi.advanceTimersByTime(1000 + 2 * 2000);
    expect(states).toEqual([]);
    widget!.appendChild(document.createElement('iframe'));
    vi.advanceTimersByTime(2000);
    expect(states).toEqual([{ status: 'loaded' }]);
  });

  it('errors after 10 empty content checks once the script has run', () => {
    ready = true;
    start();
    vi.advanceTimersByTime(BOOKING_TIMINGS.firstCheckMs + 9 * BOOKING_TIMINGS.contentCheckMs);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(BOOKING_TIMINGS.contentCheckMs);
    expect(states).toEqual([{ status: 'error', reason: 'no-content' }]);
  });

  it('a script still downloading does not use up the checks: the overall 30 s timeout ends it', () => {
    start();
    vi.advanceTimersByTime(29_999);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([{ status: 'error', reason: 'timeout' }]);
  });

  it('a calendly message counts as content; stop() silences everything', () => {
    const m = start();
    m.contentSeen();
    expect(states).toEqual([{ status: 'loaded' }]);
    const other = start();
    other.stop();
    vi.advanceTimersByTime(60_000);
    expect(states).toHaveLength(1);
  });
});

describe('hasBookingContent', () => {
  it('sees forms and calendar/booking elements, not an empty box', () => {
    const box = document.createElement('div');
    expect(hasBookingContent(box)).toBe(false);
    box.innerHTML = '<div class="BookingCalendar"></div>';
    expect(hasBookingContent(box)).toBe(true);
    box.innerHTML = '<form></form>';
    expect(hasBookingContent(box)).toBe(true);
  });
});
