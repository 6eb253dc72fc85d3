// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FONTS_AFTER_PAINT } from '@app/shared/hydrate-after-paint';
import { releaseBrandFontsWhenIdle } from './brand-fonts';

const held = () => document.documentElement.hasAttribute(FONTS_AFTER_PAINT.name);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.documentElement.removeAttribute(FONTS_AFTER_PAINT.name);
});

describe('the brand fonts after hydration', () => {
  it('are released in the first idle period, not before', () => {
    document.documentElement.setAttribute(FONTS_AFTER_PAINT.name, FONTS_AFTER_PAINT.value);
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, opts: { timeout: number }) => {
      expect(opts.timeout).toBeGreaterThan(0); // a busy page still gets its fonts
      idle.push(cb);
      return idle.length;
    });
    releaseBrandFontsWhenIdle();
    expect(held()).toBe(true);
    idle.forEach((cb) => cb());
    expect(held()).toBe(false);
  });

  it('are released after a short wait where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    document.documentElement.setAttribute(FONTS_AFTER_PAINT.name, FONTS_AFTER_PAINT.value);
    vi.stubGlobal('requestIdleCallback', undefined);
    releaseBrandFontsWhenIdle();
    expect(held()).toBe(true);
    vi.advanceTimersByTime(500);
    expect(held()).toBe(false);
  });

  it('leave a page without the mark alone (the private pages load their fonts at once)', () => {
    const spy = vi.fn();
    vi.stubGlobal('requestIdleCallback', spy);
    releaseBrandFontsWhenIdle();
    expect(spy).not.toHaveBeenCalled();
  });
});
