import { PagePlaceholder } from '@/components/page-placeholder';

export function Component() {
  return <PagePlaceholder title="90-Day Business Transformation" />;
}
