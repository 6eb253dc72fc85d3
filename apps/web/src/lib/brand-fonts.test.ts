// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FONTS_AFTER_PAINT } from '@app/shared/hydrate-after-paint';
import { releaseBrandFontsWhenIdle } from './brand-fonts';

const held = () => document.documentElement.hasAttribute(FONTS_AFTER_PAINT.name);
const mark = () => document.documentElement.setAttribute(FONTS_AFTER_PAINT.name, FONTS_AFTER_PAINT.value);
/** jsdom has no FontFaceSet: these give the document one whose load() the test settles. */
const setFonts = (fonts: unknown) => Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.documentElement.removeAttribute(FONTS_AFTER_PAINT.name);
  Reflect.deleteProperty(document, 'fonts');
  document.body.innerHTML = '';
});

describe('the brand fonts after hydration', () => {
  it('are released in the first idle period, not before', async () => {
    mark();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, opts: { timeout: number }) => {
      expect(opts.timeout).toBeGreaterThan(0); // a busy page still gets its fonts
      idle.push(cb);
      return idle.length;
    });
    releaseBrandFontsWhenIdle();
    await Promise.resolve();
    expect(held()).toBe(true);
    idle.forEach((cb) => cb());
    await vi.waitFor(() => expect(held()).toBe(false));
  });

  it('are fetched first and switched to once both faces have loaded, so the page is laid out once', async () => {
    mark();
    document.body.innerHTML = '<p>Pro <span class="md:font-figures">£380</span></p>';
    const pending: { face: string; settle: () => void }[] = [];
    const load = vi.fn((face: string) => new Promise<void>((settle) => pending.push({ face, settle })));
    setFonts({ load });
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (cb(), 1));
    releaseBrandFontsWhenIdle();
    expect(pending.map((p) => p.face)).toEqual(['1em "Inter Variable"', '1em "JetBrains Mono Variable"']);
    pending[0]!.settle();
    await new Promise((r) => setTimeout(r, 10));
    expect(held()).toBe(true); // the mono face is still loading
    pending[1]!.settle();
    await vi.waitFor(() => expect(held()).toBe(false));
  });

  it('leave the mono face to load on use where the page shows no figures', async () => {
    mark();
    document.body.innerHTML = '<p>Sign up</p>';
    const load = vi.fn(() => Promise.resolve([]));
    setFonts({ load });
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (cb(), 1));
    releaseBrandFontsWhenIdle();
    await vi.waitFor(() => expect(held()).toBe(false));
    expect(load.mock.calls).toEqual([['1em "Inter Variable"']]);
  });

  it('are switched to even when a face fails to load (the fallback stays where it is missing)', async () => {
    mark();
    setFonts({ load: () => Promise.reject(new Error('network')) });
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (cb(), 1));
    releaseBrandFontsWhenIdle();
    await vi.waitFor(() => expect(held()).toBe(false));
  });

  it('are released after a short wait where the browser has no idle callbacks', async () => {
    vi.useFakeTimers();
    mark();
    vi.stubGlobal('requestIdleCallback', undefined);
    releaseBrandFontsWhenIdle();
    expect(held()).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(held()).toBe(false);
  });

  it('leave a page without the mark alone (the private pages load their fonts at once)', () => {
    const spy = vi.fn();
    vi.stubGlobal('requestIdleCallback', spy);
    releaseBrandFontsWhenIdle();
    expect(spy).not.toHaveBeenCalled();
  });
});
