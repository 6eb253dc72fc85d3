// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FONTS_AFTER_PAINT, HYDRATE_AFTER_PAINT_SCRIPT, HYDRATE_TEMPLATE_ID } from '@app/shared/hydrate-after-paint';

/** A page as prerender.mjs writes it: the held tags in their template, the fonts' mark on <html>; run the loader. */
function page() {
  document.documentElement.setAttribute(FONTS_AFTER_PAINT.name, FONTS_AFTER_PAINT.value);
  document.head.innerHTML = `<template id="${HYDRATE_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/a.js"><meta name="held" content="1"></template>`;
  new Function(HYDRATE_AFTER_PAINT_SCRIPT)();
}
const released = () => document.head.querySelectorAll(':scope > meta[name=held], :scope > link[rel=modulepreload]').length;
const fontsHeld = () => document.documentElement.hasAttribute(FONTS_AFTER_PAINT.name);

/** A browser with paint timing: `paint(name)` reports an entry to the loader's observer, as the browser does. */
function withPaintTiming() {
  const observers: { cb: (list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void; on: boolean }[] =
    [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private readonly o;
    constructor(cb: (typeof observers)[number]['cb']) {
      this.o = { cb, on: false };
      observers.push(this.o);
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: 'paint', buffered: true });
      this.o.on = true;
    }
    disconnect() {
      this.o.on = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) => {
    for (const o of observers.filter((x) => x.on)) {
      o.cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => (o.on = false) });
    }
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.documentElement.removeAttribute(FONTS_AFTER_PAINT.name);
});

describe('the prerendered pages’ loader', () => {
  it('releases the scripts (not yet the fonts) in the task after the first contentful paint is reported, once', () => {
    vi.useFakeTimers();
    const paint = withPaintTiming();
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    page();
    paint('first-paint');
    vi.advanceTimersByTime(10);
    expect([released(), fontsHeld()]).toEqual([0, true]); // a paint without content is not the page
    paint('first-contentful-paint');
    expect(released()).toBe(0); // the observer's callback itself only schedules
    vi.advanceTimersByTime(1);
    expect([released(), fontsHeld()]).toEqual([2, true]); // the fonts wait for the hydrated app (lib/brand-fonts)
    vi.runAllTimers();
    paint('first-contentful-paint');
    vi.runAllTimers();
    expect(released()).toBe(2);
    expect(raf).not.toHaveBeenCalled();
  });

  it('releases them three seconds after the document is parsed if no paint is reported', () => {
    vi.useFakeTimers();
    withPaintTiming();
    page();
    vi.advanceTimersByTime(2999);
    expect(released()).toBe(0);
    vi.advanceTimersByTime(1);
    expect([released(), fontsHeld()]).toEqual([2, true]); // the fonts wait for the hydrated app (lib/brand-fonts)
  });

  it('without paint timing, moves the held tags only after the first frame has been painted', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    page();
    expect(released()).toBe(0); // nothing before the frame
    frames.shift()!(0);
    expect(released()).toBe(0); // the frame is being painted
    vi.advanceTimersByTime(1);
    expect([released(), fontsHeld()]).toEqual([2, true]); // the fonts wait for the hydrated app (lib/brand-fonts)
    vi.runAllTimers();
    expect(released()).toBe(2);
  });

  it('without paint timing, waits for the whole document to be parsed before waiting for its paint', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    page();
    expect(frames).toHaveLength(0);
    state.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    frames.shift()!(0);
    vi.advanceTimersByTime(1);
    expect(released()).toBe(2);
  });

  it('in a hidden tab (which paints nothing) moves them at once', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    page();
    expect([released(), fontsHeld()]).toEqual([2, true]); // the fonts wait for the hydrated app (lib/brand-fonts)
    expect(raf).not.toHaveBeenCalled();
  });

  it('moves them when the tab is hidden before it has painted', () => {
    vi.useFakeTimers();
    withPaintTiming();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    page();
    expect(released()).toBe(0);
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect([released(), fontsHeld()]).toEqual([2, true]); // the fonts wait for the hydrated app (lib/brand-fonts)
  });
});
