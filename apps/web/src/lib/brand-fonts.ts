import { useEffect } from 'react';
import { FONTS_AFTER_PAINT } from '@app/shared/hydrate-after-paint';

const INTER = '1em "Inter Variable"';
const MONO = '1em "JetBrains Mono Variable"';
/** Where the page sets text in the mono face (figures: font-figures, font-mono, with any variant prefix). */
const MONO_TEXT = '[class*="font-figures"], [class*="font-mono"]';

/**
 * Fetches the brand faces (each one variable-weight file, latin subset) without setting any text in them yet; settles
 * once they have loaded or failed. The mono face only where the page shows figures: elsewhere it is fetched, as
 * before, if and when some appear.
 */
function loadBrandFaces(): Promise<unknown> {
  const fonts = typeof document.fonts?.load === 'function' ? document.fonts : undefined;
  if (!fonts) return Promise.resolve();
  const faces = document.querySelector(MONO_TEXT) ? [INTER, MONO] : [INTER];
  return Promise.all(faces.map((face) => fonts.load(face))).catch(() => undefined);
}

/**
 * Once the page is idle, fetches the brand fonts, then removes FONTS_AFTER_PAINT: fonts.css switches from the local
 * fallbacks to the brand faces, already loaded. Switching first and loading after laid the page out twice (once for
 * the switch, once more when the files arrived); so it is laid out once, about half the layout time (decision 0095,
 * addendum 3). A face that fails to load is switched to all the same: the browser tries it again, the fallback stays.
 */
export function releaseBrandFontsWhenIdle(): void {
  const root = document.documentElement;
  if (!root.hasAttribute(FONTS_AFTER_PAINT.name)) return;
  const release = () => void loadBrandFaces().then(() => root.removeAttribute(FONTS_AFTER_PAINT.name));
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
