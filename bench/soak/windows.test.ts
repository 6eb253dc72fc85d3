import { describe, expect, it } from 'vitest';
import { LatencyWindows, p99Trend } from './windows.js';

describe('LatencyWindows', () => {
  it('keeps each answer in the window it arrived in, late answers in the last, which may be shorter', () => {
    const w = new LatencyWindows(1_000, 1_000, 1_500);
    for (let i = 1; i <= 100; i++) w.record(1_000 + i, i); // first second: 1..100 ms
    w.record(2_200, 7);
    w.record(2_700, 9); // after the run's end: still the last window
    const [first, second, third] = w.figures();
    expect(first).toEqual({ rps: 100, p50Ms: 50.5, p99Ms: 99.01, maxMs: 100 });
    expect(second).toEqual({ rps: 4, p50Ms: 8, p99Ms: 8.98, maxMs: 9 }); // two answers in half a second
    expect(third).toBeUndefined();
  });

  it('says NaN for a window without answers, and refuses a run or window of no length', () => {
    expect(new LatencyWindows(0, 60_000, 30_000).figures()[0]!.p99Ms).toBeNaN();
    expect(() => new LatencyWindows(0, 60_000, 0)).toThrow(RangeError);
    expect(() => new LatencyWindows(0, 0, 60_000)).toThrow(RangeError);
  });
});

describe('p99Trend', () => {
  it('lists each minute and puts the first and last side by side', () => {
    expect(p99Trend([{ p99Ms: 12 }, { p99Ms: 13.4 }, { p99Ms: 18 }])).toBe(
      'p99 per minute: 12, 13, 18 ms (first minute 12 ms, last 18 ms).',
    );
  });

  it("adds each minute's slowest answer when the windows have it", () => {
    expect(
      p99Trend([
        { p99Ms: 12, maxMs: 40 },
        { p99Ms: 13, maxMs: 612.4 },
      ]),
    ).toBe('p99 per minute: 12, 13 ms (first minute 12 ms, last 13 ms); slowest answer per minute: 40, 612 ms.');
  });

  it('says nothing for a single window', () => {
    expect(p99Trend([{ p99Ms: 12 }])).toBe('');
  });
});
