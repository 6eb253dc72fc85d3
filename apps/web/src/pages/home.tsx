import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Reveal } from '@/components/ui/reveal';
import { BookingSection } from '@/features/booking/components/booking-section';
import { DeeperInsights } from '@/features/landing/components/deeper-insights';
import { FeatureCards } from '@/features/landing/components/feature-cards';
import { Hero } from '@/features/landing/components/hero';
import { PartnerCards } from '@/features/landing/components/partner-cards';
import { PlatformCards } from '@/features/landing/components/platform-cards';
import { StorySection } from '@/features/landing/components/story-section';
import { PricingSection } from '@/features/pricing/components/pricing-section';

/** The landing page, sections in the specification's order (docs/product.md#landing-page); the navigation and footer come from the layout. */
export function Component() {
  const { hash } = useLocation();
  // Links such as /#book or /#pricing from other pages land on their section.
  useEffect(() => {
    if (!hash) return;
    // After the layout has scrolled to the top for the new route.
    const id = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(id);
  }, [hash]);
  return (
    <main>
      <Hero />
      <Reveal>
        <PlatformCards />
      </Reveal>
      <Reveal>
        <BookingSection />
      </Reveal>
      <Reveal>
        <FeatureCards />
      </Reveal>
      <Reveal>
        <StorySection />
      </Reveal>
      <Reveal>
        <DeeperInsights />
      </Reveal>
      <Reveal>
        <PartnerCards />
      </Reveal>
      <Reveal>
        <PricingSection className="bg-section" />
      </Reveal>
    </main>
  );
}
