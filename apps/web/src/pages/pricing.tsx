import { ComparisonTable } from '@/features/pricing/components/comparison-table';
import { PricingSection } from '@/features/pricing/components/pricing-section';
import { useRevealChildren } from '@/lib/use-reveal';

/** /pricing: the plans on the light surface (dark navigation text), then the feature comparison. */
export function Component() {
  const revealSections = useRevealChildren<HTMLElement>();
  return (
    <main ref={revealSections} className="bg-background text-foreground">
      <PricingSection headingLevel="h1" className="pt-12" />
      <ComparisonTable />
    </main>
  );
}
