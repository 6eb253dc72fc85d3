import { useSyncExternalStore } from 'react';

declare const __BUILD_YEAR__: number;
const never = () => () => {};

/**
 * The current year, for the footer's copyright line. A prerendered page was rendered with the build's year
 * (vite.config.ts defines __BUILD_YEAR__ for both builds): hydration starts from it, so there is no mismatch, and the
 * render right after shows this year (issue 15).
 */
export function CurrentYear() {
  return useSyncExternalStore(
    never,
    () => new Date().getFullYear(),
    // outside a Vite build (unit tests) there is no build year: the current one
    () => (typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear()),
  );
}
