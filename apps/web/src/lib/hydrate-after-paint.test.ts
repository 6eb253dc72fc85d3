// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HYDRATE_AFTER_PAINT_SCRIPT, HYDRATE_TEMPLATE_ID } from '@app/shared/hydrate-after-paint';

/** A page head as prerender.mjs writes it: the held tags in their template; run the loader as the page does. */
function page() {
  document.head.innerHTML = `<template id="${HYDRATE_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/a.js"><meta name="held" content="1"></template>`;
  new Function(HYDRATE_AFTER_PAINT_SCRIPT)();
}
const released = () => document.head.querySelectorAll(':scope > meta[name=held], :scope > link[rel=modulepreload]').length;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('the prerendered pages’ loader', () => {
  it('moves the held tags into the head only after the first frame has been painted, once', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    page();
    expect(released()).toBe(0); // nothing before the frame
    frames.shift()!(0);
    expect(released()).toBe(0); // the frame is being painted
    vi.runAllTimers();
    expect(released()).toBe(2);
    vi.runAllTimers();
    expect(released()).toBe(2);
  });

  it('waits for the whole document to be parsed before waiting for its paint', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    page();
    expect(frames).toHaveLength(0);
    state.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    frames.shift()!(0);
    vi.runAllTimers();
    expect(released()).toBe(2);
  });

  it('in a hidden tab (which paints nothing) moves them at once', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    page();
    expect(released()).toBe(2);
    expect(raf).not.toHaveBeenCalled();
  });
});
