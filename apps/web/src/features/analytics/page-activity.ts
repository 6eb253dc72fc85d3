import type { AnalyticsClient } from './analytics-client';
import { newMarks, scrollPercent } from './scroll-depth';

/** docs/product.md#analytics: a visitor who stays this long on a page counts as engaged. */
export const ENGAGED_AFTER_MS = 30_000;

/**
 * Tracks one page view: the page_view event (unless already sent for this history entry), scroll depth at 25/50/75/100 % and the engaged_user event after
 * 30 s on the page. Returns the cleanup for when the route changes or consent goes.
 */
export function trackPageActivity(client: AnalyticsClient, pagePath: string, opts: { pageView: boolean }): () => void {
  if (opts.pageView) client.track('page_view', { title: document.title });
  const reported = new Set<number>();
  let frame = 0;
  const measure = () => {
    frame = 0;
    const doc = document.documentElement;
    const pct = scrollPercent(window.scrollY, window.innerHeight, Math.max(doc.scrollHeight, document.body?.scrollHeight ?? 0));
    for (const depth of newMarks(pct, reported)) {
      reported.add(depth);
      client.track('scroll_depth', { depth });
    }
  };
  const onScroll = () => {
    frame ||= requestAnimationFrame(measure);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  const engaged = setTimeout(() => client.track('engaged_user', { seconds: ENGAGED_AFTER_MS / 1000, path: pagePath }), ENGAGED_AFTER_MS);
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(engaged);
  };
}
