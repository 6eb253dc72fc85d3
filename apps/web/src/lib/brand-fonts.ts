import { useEffect } from 'react';
import { FONTS_AFTER_PAINT } from '@app/shared/hydrate-after-paint';

/** Removes FONTS_AFTER_PAINT: fonts.css switches from the local fallbacks to the brand fonts, which then load. */
export function releaseBrandFontsWhenIdle(): void {
  const root = document.documentElement;
  if (!root.hasAttribute(FONTS_AFTER_PAINT.name)) return;
  const release = () => root.removeAttribute(FONTS_AFTER_PAINT.name);
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(release, { timeout: 2000 });
  else setTimeout(release, 500);
}

/**
 * A prerendered page's brand fonts load once it has hydrated and the main thread is idle (decision 0095). Swapping the
 * faces lays the whole page out again; released with the scripts, that layout landed among hydration's tasks and made
 * them long (Lighthouse mobile TBT on / 30 -> 171 ms, /connect-anything 82 -> 169). Renders nothing.
 */
export function BrandFontsAfterHydration() {
  useEffect(releaseBrandFontsWhenIdle, []);
  return null;
}
