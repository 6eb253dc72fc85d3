import { HubPage } from '@/features/content/components/hub-page';
import { BRAND_HUB } from '@/features/content/hubs';

export function Component() {
  return <HubPage content={BRAND_HUB} />;
}
