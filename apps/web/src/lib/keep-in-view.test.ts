// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepInView } from './keep-in-view';

/** jsdom has no layout: a ResizeObserver the test fires by hand, as the browser does when a block changes height. */
const observers: { cb: () => void; observed: Element[]; on: boolean }[] = [];
class FakeResizeObserver {
  private readonly entry;
  constructor(cb: () => void) {
    this.entry = { cb, observed: [] as Element[], on: true };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.observed.push(el);
  }
  disconnect() {
    this.entry.on = false;
  }
}
const resize = () => observers.filter((o) => o.on).forEach((o) => o.cb());

describe('keepInView', () => {
  let container: HTMLElement;
  let target: HTMLElement;
  let scroll: ReturnType<typeof vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>>;
  /** Where the target's top is in the viewport; it lands at the root's scroll-padding-top, 80 px. */
  let top: number;
  beforeEach(() => {
    document.documentElement.style.scrollPaddingTop = '80px';
    top = 74;
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    document.body.innerHTML = '<main><div></div><div><section id="pricing"></section></div></main>';
    container = document.querySelector('main')!;
    target = document.getElementById('pricing')!;
    scroll = vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>();
    target.scrollIntoView = scroll;
    target.getBoundingClientRect = () => ({ top }) as DOMRect;
  });
  afterEach(() => {
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('scrolls at once (not smoothly) and again each time a block of the container changes height', () => {
    keepInView(target, container);
    expect(scroll).toHaveBeenLastCalledWith({ block: 'start', behavior: 'instant' });
    expect(observers[0]!.observed).toEqual([...container.children]);
    resize();
    resize();
    expect(scroll).toHaveBeenCalledTimes(3);
  });

  it.each(['wheel', 'touchstart', 'keydown', 'pointerdown'])('lets go once the visitor scrolls by themselves (%s)', (type) => {
    keepInView(target, container);
    window.dispatchEvent(new Event(type));
    resize();
    window.dispatchEvent(new Event('scroll'));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(observers[0]!.on).toBe(false);
  });

  it('puts the target back when the page moves without the visitor (scroll anchoring), not when it is in place', () => {
    top = 80;
    keepInView(target, container);
    window.dispatchEvent(new Event('scroll'));
    expect(scroll).toHaveBeenCalledTimes(1);
    top = 74;
    window.dispatchEvent(new Event('scroll'));
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('lets go when stopped (the page leaves or the hash changes)', () => {
    const stop = keepInView(target, container);
    stop();
    resize();
    window.dispatchEvent(new Event('wheel'));
    window.dispatchEvent(new Event('scroll'));
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});
