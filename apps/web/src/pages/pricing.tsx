import { ComparisonTable } from '@/features/pricing/components/comparison-table';
import { PricingSection } from '@/features/pricing/components/pricing-section';

/** /pricing: the plans on the light surface (dark navigation text), then the feature comparison. */
export function Component() {
  return (
    <main className="bg-background text-foreground">
      <PricingSection headingLevel="h1" className="pt-12" />
      <ComparisonTable />
    </main>
  );
}
