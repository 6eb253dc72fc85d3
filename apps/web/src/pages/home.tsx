import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { DeferredBlock } from '@/components/ui/deferred-block';
import { deferredPart } from '@/lib/deferred-hydration/deferred-part';
import { keepInView } from '@/lib/keep-in-view';

// The hero is static but for two links: its code loads, and its prerendered HTML hydrates, on the first pointer,
// focus or click in it. Below it, each section's as it nears the viewport. A first visit loads neither until then
// (issue 15, decision 0098).
const HERO = deferredPart(() => import('@/features/landing/components/hero').then((m) => m.Hero));
const SECTIONS = [
  deferredPart(() => import('@/features/landing/components/platform-cards').then((m) => m.PlatformCards)),
  deferredPart(() => import('@/features/booking/components/booking-section').then((m) => m.BookingSection)),
  deferredPart(() => import('@/features/landing/components/feature-cards').then((m) => m.FeatureCards)),
  deferredPart(() => import('@/features/landing/components/story-section').then((m) => m.StorySection)),
  deferredPart(() => import('@/features/landing/components/deeper-insights').then((m) => m.DeeperInsights)),
  deferredPart(() => import('@/features/landing/components/partner-cards').then((m) => m.PartnerCards)),
  deferredPart(() =>
    import('@/features/pricing/components/pricing-section').then(
      ({ PricingSection }) =>
        function HomePricing() {
          return <PricingSection className="bg-section" />;
        },
    ),
  ),
];

/** Loads every deferred section: before a client render of the page (router.tsx) and before the prerender. */
export const loadDeferred = () => Promise.all([HERO, ...SECTIONS].map((s) => s.load()));

/** The landing page, sections in the specification's order (docs/product.md#landing-page); the navigation and footer come from the layout. */
export function Component() {
  const { hash } = useLocation();
  const main = useRef<HTMLElement>(null);
  // Links such as /#book or /#pricing from other pages (and the booking panel's reload) land on their section, and
  // stay on it while the sections above render and hydrate.
  useEffect(() => {
    // The sections' ids are plain words: the hash is looked up as it is (a malformed %-escape cannot throw).
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (!target || !main.current) return;
    let stop: (() => void) | undefined;
    // After the layout has scrolled to the top for the new route.
    const id = requestAnimationFrame(() => {
      if (main.current) stop = keepInView(target, main.current);
    });
    return () => {
      cancelAnimationFrame(id);
      stop?.();
    };
  }, [hash]);
  return (
    <main ref={main}>
      <DeferredBlock part={HERO} onInteraction />
      {SECTIONS.map((s, i) => (
        <DeferredBlock key={i} part={s} reveal className="[content-visibility:auto] [contain-intrinsic-size:auto_900px]" />
      ))}
    </main>
  );
}
