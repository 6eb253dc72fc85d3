import { DashboardShowcaseContent } from '@/features/content/components/dashboard-showcase-content';

export function Component() {
  return <DashboardShowcaseContent />;
}
